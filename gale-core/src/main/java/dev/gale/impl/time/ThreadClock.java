package dev.gale.impl.time;

import dev.gale.time.Clock;

/**
 * The clock of the topology whose executor runs on the current thread, so that
 * {@link dev.gale.utils.Time} read from user code answers with that topology's clock (a
 * SimulatedClock in tests) rather than the JVM's. Executors bind it for the life of their thread.
 *
 * <p>Thread-confined by construction (a {@link ThreadLocal}).
 */
public final class ThreadClock {
    private static final ThreadLocal<Clock> BOUND = new ThreadLocal<>();
    private static final ThreadLocal<SimulatedSleep> SIMULATED_SLEEP = new ThreadLocal<>();
    private static final ThreadLocal<BlockingHook> BLOCKING_HOOK = new ThreadLocal<>();

    /**
     * What the executor running on a thread wants done before its user code blocks in one of
     * {@link dev.gale.utils.Time}'s sleeps: a spout sends the tuples it has batched, so they do not
     * wait out the sleep. Armed and cleared by the executor with plain writes (no thread-local
     * lookup per cycle). Thread-confined.
     */
    public static final class BlockingHook {
        private Runnable beforeBlocking;

        public void arm(Runnable action) {
            beforeBlocking = action;
        }

        public void clear() {
            beforeBlocking = null;
        }
    }

    private ThreadClock() {
    }

    /** Binds the current thread to {@code clock}. */
    public static void bind(Clock clock) {
        BOUND.set(clock);
    }

    /** Unbinds the current thread. */
    public static void unbind() {
        BOUND.remove();
    }

    /** The clock bound to the current thread, or null. */
    public static Clock current() {
        return BOUND.get();
    }

    /** While an executor runs under the step scheduler: where a simulated sleep goes instead of blocking. */
    public static void bindSimulatedSleep(SimulatedSleep sleep) {
        if (sleep == null) {
            SIMULATED_SLEEP.remove();
        } else {
            SIMULATED_SLEEP.set(sleep);
        }
    }

    /** The current thread's blocking hook, created on first use; an executor keeps it while it runs on the thread. */
    public static BlockingHook blockingHook() {
        BlockingHook h = BLOCKING_HOOK.get();
        if (h == null) {
            h = new BlockingHook();
            BLOCKING_HOOK.set(h);
        }
        return h;
    }

    /** Runs what the executor on the current thread armed, if anything: Time calls it before it blocks. */
    public static void beforeBlocking() {
        BlockingHook h = BLOCKING_HOOK.get();
        Runnable action = h == null ? null : h.beforeBlocking;
        if (action != null) {
            action.run();
        }
    }

    /** The stepped executor's sleep on the current thread, or null. */
    public static SimulatedSleep simulatedSleep() {
        return SIMULATED_SLEEP.get();
    }
}
