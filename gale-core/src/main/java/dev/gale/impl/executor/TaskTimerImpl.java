package dev.gale.impl.executor;

import dev.gale.impl.timer.TopologyTimer;
import dev.gale.impl.transfer.Inbox;
import dev.gale.task.TaskTimer;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * A bolt task's own timer: each job lives in the topology's timer, which at every due instant puts
 * a {@link TimerCall} on the control queue of the task's executor; the executor runs it on its
 * thread between two executes. Thread-safe.
 */
final class TaskTimerImpl implements TaskTimer {
    private final TopologyTimer timer;
    private final Inbox inbox;
    private final int taskId;

    TaskTimerImpl(TopologyTimer timer, Inbox inbox, int taskId) {
        this.timer = timer;
        this.inbox = inbox;
        this.taskId = taskId;
    }

    @Override
    public Scheduled schedule(long periodMillis, LongConsumer action) {
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("a task timer's period must be positive, got " + periodMillis + " ms");
        }
        if (action == null) {
            throw new IllegalArgumentException("a task timer needs an action, got null");
        }
        Job job = new Job(taskId, action);
        job.registration = timer.scheduleFor(TimeUnit.MILLISECONDS.toNanos(periodMillis),
                due -> new TimerCall(job, due), inbox);
        if (job.cancelled) {
            job.cancel(); // cancelled by another thread before it was registered
        }
        return job;
    }

    /** One scheduled action: the handle the user cancels, shared by every call it makes. */
    static final class Job implements Scheduled {
        final int taskId;
        final LongConsumer action;
        volatile TopologyTimer.Registration registration;
        volatile boolean cancelled;

        Job(int taskId, LongConsumer action) {
            this.taskId = taskId;
            this.action = action;
        }

        @Override
        public void cancel() {
            cancelled = true;
            TopologyTimer.Registration r = registration;
            if (r != null) {
                r.cancel();
            }
        }
    }
}
