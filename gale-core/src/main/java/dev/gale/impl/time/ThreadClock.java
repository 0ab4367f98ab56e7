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
    private static final ThreadLocal<SteppedSleep> STEPPED_SLEEP = new ThreadLocal<>();

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
    public static void bindSteppedSleep(SteppedSleep sleep) {
        if (sleep == null) {
            STEPPED_SLEEP.remove();
        } else {
            STEPPED_SLEEP.set(sleep);
        }
    }

    /** The stepped executor's sleep on the current thread, or null. */
    public static SteppedSleep steppedSleep() {
        return STEPPED_SLEEP.get();
    }
}
