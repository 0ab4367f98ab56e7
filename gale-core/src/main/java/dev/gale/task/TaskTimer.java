package dev.gale.task;

import java.util.function.LongConsumer;

/**
 * Gale addition: a bolt task's own timer, for work that must happen as time passes rather than
 * when a tuple arrives (a time window closing, a watermark moving on). Its calls run on the task's
 * own executor, between two calls of {@code execute} and never during one, so the bolt needs no
 * locking; they are timed by the topology's clock, so under a {@code SimulatedClock} they happen
 * when the test advances time, with no thread of their own. Storm runs such work on threads of
 * its own; a tick tuple is the nearest Storm feature, at whole seconds only.
 *
 * <p>Get it from {@link TopologyContext#getTaskTimer()} in {@code prepare}. {@link #schedule} may
 * be called from any thread; the calls always run on the task's thread.
 */
public interface TaskTimer {

    /**
     * Calls {@code action} every {@code periodMillis} milliseconds of the topology's clock, the first
     * time one period from now, until cancelled or the topology is killed. Each call is given the
     * instant it was due, in the milliseconds {@link dev.gale.utils.Time#currentTimeMillis()} reads on
     * the task's thread (the simulated clock's under simulated time, else the wall clock's): a call
     * that runs late, or one of several made due by one advance of a simulated clock, still knows
     * which instant it stands for. Calls are made one per due instant, in order, as Storm's
     * fixed-rate timers are. An exception thrown by {@code action} is reported with the component
     * and task, and the calls go on; an {@link Error} stops the topology, as from {@code execute}.
     *
     * @throws IllegalArgumentException if {@code periodMillis} is not positive
     */
    Scheduled schedule(long periodMillis, LongConsumer action);

    /** What {@link #schedule} returns. Thread-safe. */
    interface Scheduled {
        /** Stops the calls; a call already due but not yet run is skipped. Idempotent. */
        void cancel();
    }
}
