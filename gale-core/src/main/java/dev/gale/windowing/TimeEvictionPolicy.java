package dev.gale.windowing;

import dev.gale.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the events of the last {@code windowLength} milliseconds before the reference time; events
 * after it stay for a later evaluation. When a trigger is late by some amount (Storm's timers
 * drift), the window is stretched by that amount so that no event falls between two windows; the
 * first window takes every event. Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class TimeEvictionPolicy<T> implements EvictionPolicy<T, EvictionContext> {
    private static final Logger LOG = LoggerFactory.getLogger(TimeEvictionPolicy.class);
    /** More drift between two evaluations than this is logged. */
    private static final long DRIFT_WARN_MILLIS = 100;

    private final int windowLength;
    protected volatile EvictionContext evictionContext;
    /** How much later than one sliding interval after the previous evaluation this one came. */
    private long delta;

    /** @param windowLength the window's length in milliseconds */
    public TimeEvictionPolicy(int windowLength) {
        this.windowLength = windowLength;
    }

    @Override
    public Action evict(Event<T> event) {
        long now = evictionContext == null ? Time.currentTimeMillis() : evictionContext.getReferenceTime();
        long age = now - event.getTimestamp();
        if (age >= windowLength + delta) {
            return Action.EXPIRE;
        }
        if (age < 0) {
            return Action.KEEP; // after the reference time: a later window's
        }
        return Action.PROCESS;
    }

    @Override
    public void track(Event<T> event) {
    }

    @Override
    public EvictionContext getContext() {
        return evictionContext;
    }

    @Override
    public void setContext(EvictionContext context) {
        EvictionContext previous = evictionContext;
        evictionContext = context;
        if (context.getSlidingInterval() != null) {
            if (previous == null) {
                delta = Integer.MAX_VALUE; // the first window takes every event
            } else {
                delta = context.getReferenceTime() - previous.getReferenceTime() - context.getSlidingInterval();
                if (Math.abs(delta) > DRIFT_WARN_MILLIS) {
                    LOG.warn("Window evaluated {} ms off its interval (previous at {}, this one at {}): the thread was busy"
                            + " or the clock jumped; the window is stretched to cover the gap",
                            delta, previous.getReferenceTime(), context.getReferenceTime());
                }
            }
        }
    }

    @Override
    public void reset() {
    }

    @Override
    public EvictionContext getState() {
        return evictionContext;
    }

    @Override
    public void restoreState(EvictionContext state) {
        this.evictionContext = state;
    }

    @Override
    public String toString() {
        return "TimeEvictionPolicy{windowLength=" + windowLength + ", evictionContext=" + evictionContext + '}';
    }
}
