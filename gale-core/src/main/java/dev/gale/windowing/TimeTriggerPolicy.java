package dev.gale.windowing;

import dev.gale.task.TaskTimer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates the window every {@code millis} milliseconds of processing time. Storm runs it on a
 * thread of its own; Gale runs it on a bolt task's {@link TaskTimer} (the task's own thread, the
 * topology's clock), given to the Gale-only constructor. Each evaluation's reference time is the
 * instant it was due, less one millisecond (a tuple arriving at that very instant goes to the next
 * window). Without a timer, {@link #start()} schedules nothing and nothing evaluates the window
 * but a direct call of the handler. Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class TimeTriggerPolicy<T> implements TriggerPolicy<T, Void> {
    private static final Logger LOG = LoggerFactory.getLogger(TimeTriggerPolicy.class);
    private final TriggerHandler handler;
    private final EvictionPolicy<T, ?> evictionPolicy;
    private final long duration;
    private final TaskTimer timer;
    private TaskTimer.Scheduled scheduled;

    public TimeTriggerPolicy(long millis, TriggerHandler handler) {
        this(millis, handler, null);
    }

    public TimeTriggerPolicy(long millis, TriggerHandler handler, EvictionPolicy<T, ?> evictionPolicy) {
        this(millis, handler, evictionPolicy, null);
    }

    /** Gale only: evaluations are timed by {@code timer} (a bolt task's, see {@code TopologyContext.getTaskTimer}). */
    public TimeTriggerPolicy(long millis, TriggerHandler handler, EvictionPolicy<T, ?> evictionPolicy, TaskTimer timer) {
        this.duration = millis;
        this.handler = handler;
        this.evictionPolicy = evictionPolicy;
        this.timer = timer;
    }

    @Override
    public void track(Event<T> event) {
    }

    @Override
    public void reset() {
    }

    @Override
    public void start() {
        if (timer == null) {
            LOG.warn("{} started without a TaskTimer: Gale runs no thread for it, so nothing will evaluate the window"
                    + " every {} ms; give it the bolt task's timer (TopologyContext.getTaskTimer())", this, duration);
            return;
        }
        if (scheduled == null) {
            scheduled = timer.schedule(duration, this::trigger);
        }
    }

    /** One evaluation, for the interval that ended at {@code dueMillis}. */
    private void trigger(long dueMillis) {
        // Not the due instant itself: a tuple stamped with it may still be on its way.
        long referenceTime = dueMillis - 1;
        evictionPolicy.setContext(new DefaultEvictionContext(referenceTime, null, null, duration));
        handler.onTrigger();
    }

    @Override
    public void shutdown() {
        if (scheduled != null) {
            scheduled.cancel();
            scheduled = null;
        }
    }

    @Override
    public Void getState() {
        return null;
    }

    @Override
    public void restoreState(Void state) {
    }

    @Override
    public String toString() {
        return "TimeTriggerPolicy{duration=" + duration + '}';
    }
}
