package dev.gale.time;

/**
 * The source of time for everything in Gale that expires, rotates, ticks or times out.
 *
 * <p>Production code uses {@link #system()}; tests use a {@link SimulatedClock} and advance it
 * by hand, so no test has to sleep. Readings are monotonic: they never go backwards and have no
 * relation to wall-clock (calendar) time.
 *
 * <p>A thread that must wait for a deadline on this clock does so through a {@link Waiter}
 * obtained from {@link #newWaiter(String)}; that is what lets a simulated clock know when the
 * work due at a new time has been done.
 *
 * <p>Implementations are thread-safe.
 */
public interface Clock {

    /** Monotonic time in milliseconds. */
    long millis();

    /** Monotonic time in nanoseconds. */
    long nanos();

    /**
     * Creates a handle through which one thread waits for deadlines on this clock.
     *
     * <p>Create it on the thread that starts the waiting thread, before starting it: a
     * simulated clock counts a new waiter as busy until it first waits, so an
     * {@link SimulatedClock#advance advance} made in between still waits for it.
     *
     * @param name shown in diagnostics, e.g. the name of the thread that will wait
     */
    Waiter newWaiter(String name);

    /** The clock of the running JVM, backed by {@link System#nanoTime()}. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }

    /**
     * One thread's way of waiting for a deadline on a {@link Clock}.
     *
     * <p>{@link #awaitNanos} is called by the single owning thread; {@link #wakeUp()} and
     * {@link #close()} may be called from any thread.
     */
    interface Waiter extends AutoCloseable {

        /**
         * Blocks until the clock reads at least {@code deadlineNanos}, or {@link #wakeUp()} is
         * called, or the thread is interrupted.
         *
         * @return true if the deadline was reached, false if woken up early
         * @throws InterruptedException if the waiting thread is interrupted
         */
        boolean awaitNanos(long deadlineNanos) throws InterruptedException;

        /**
         * Makes the current wait, or the next one if none is in progress, return false at once.
         * Used when the deadline a thread waits for has moved earlier or the thread must stop.
         */
        void wakeUp();

        /** Releases the waiter; a simulated clock no longer waits for its thread. Idempotent. */
        @Override
        void close();
    }
}
