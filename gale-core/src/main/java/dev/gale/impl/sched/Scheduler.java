package dev.gale.impl.sched;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Runs the duty cycles of one topology: on threads of its own ({@link ThreadedScheduler}) or on
 * the threads of whoever asks ({@link StepScheduler}, for tests on simulated time).
 *
 * <p>Thread-safe.
 */
public interface Scheduler {

    /** Starts the cycles (their {@code onStart}, then their work). Called once. */
    void start();

    /** Asks every cycle to stop; each is closed on the thread that runs it. Does not wait. */
    void stop();

    /** Waits (real time) until every thread of the scheduler ended; false if some did not by then. */
    boolean awaitStopped(long deadlineNanos) throws InterruptedException;

    /** The cycles still inside a call that has not returned after {@link #stop()}, with where they are. */
    List<Stuck> stuck();

    /** Interrupts the threads of {@link #stuck()} cycles. */
    void interruptStuck();

    /**
     * True if work happens only inside {@link #runUntilIdle}, so that idleness is exact; false if
     * threads of the scheduler's own run it.
     */
    boolean isStepped();

    /**
     * Stepped schedulers: runs passes over every cycle on the calling thread until one whole pass
     * does nothing, and returns the work done. Threaded schedulers return 0 at once.
     *
     * @throws TimeoutException if passes still do work after {@code timeout} (real time)
     */
    long runUntilIdle(Duration timeout) throws TimeoutException;

    /**
     * Evaluates {@code check} while no cycle is inside a call: on threads, once every thread of
     * the scheduler is held at a safe point between two calls, with everything those threads did
     * visible to the caller; stepped, at once (nothing runs unless asked). The threads go on once
     * it returns.
     *
     * @throws TimeoutException if some thread does not reach a safe point within {@code timeoutNanos}
     *     (real time): a call of user code that does not return
     */
    boolean atSafePoint(BooleanSupplier check, long timeoutNanos) throws TimeoutException;

    /** A cycle that did not return from user code, the thread it is on, and where that thread is. */
    record Stuck(DutyCycle cycle, String threadName, StackTraceElement[] trace, Thread thread) {
    }
}
