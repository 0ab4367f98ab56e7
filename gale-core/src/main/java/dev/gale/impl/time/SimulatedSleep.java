package dev.gale.impl.time;

/**
 * What a simulated {@code Time.sleep} does inside an executor run by the step scheduler, where
 * blocking would block the test itself: the executor is marked asleep until the deadline (it
 * does nothing until the clock gets there) and the call returns at once.
 *
 * <p>Confined to the stepping thread.
 */
public interface SimulatedSleep {

    /** Marks the current executor asleep until {@code deadlineNanos} on its clock. */
    void sleepUntil(long deadlineNanos);
}
