package dev.gale.impl.executor;

import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;

/**
 * One due call of a task's own timer (see {@link TaskTimerImpl}), queued as a control message so
 * that it runs on the task's executor. Immutable; made on the timer's thread, run on the executor's.
 */
final class TimerCall {
    private final TaskTimerImpl.Job job;
    private final long dueNanos;

    TimerCall(TaskTimerImpl.Job job, long dueNanos) {
        this.job = job;
        this.dueNanos = dueNanos;
    }

    int taskId() {
        return job.taskId;
    }

    boolean cancelled() {
        return job.cancelled;
    }

    /**
     * Runs the action with the instant it was due, in the milliseconds {@code dev.gale.utils.Time}
     * reads on an executor of a topology on {@code clock}: the call may run after its instant (a
     * busy executor, or several instants made due by one advance of a simulated clock), and what
     * it does must be timed by the instant it stands for.
     */
    void run(Clock clock) {
        if (clock instanceof SimulatedClock) {
            job.action.accept(dueNanos / 1_000_000L);
        } else {
            long lateMillis = Math.max(0, clock.nanos() - dueNanos) / 1_000_000L;
            job.action.accept(System.currentTimeMillis() - lateMillis);
        }
    }
}
