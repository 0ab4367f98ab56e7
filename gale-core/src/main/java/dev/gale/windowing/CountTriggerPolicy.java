package dev.gale.windowing;

import dev.gale.utils.Time;

/**
 * Evaluates the window every {@code count} events. The evaluation's reference time is the time
 * at which the last of them arrived ({@link Time}: the topology's clock on a topology's thread).
 * Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class CountTriggerPolicy<T> implements TriggerPolicy<T, Integer> {
    private final int count;
    private final TriggerHandler handler;
    private final EvictionPolicy<T, ?> evictionPolicy;
    private int currentCount;
    private boolean started;

    public CountTriggerPolicy(int count, TriggerHandler handler, EvictionPolicy<T, ?> evictionPolicy) {
        this.count = count;
        this.handler = handler;
        this.evictionPolicy = evictionPolicy;
    }

    @Override
    public void track(Event<T> event) {
        if (started && !event.isWatermark() && ++currentCount >= count) {
            evictionPolicy.setContext(new DefaultEvictionContext(Time.currentTimeMillis()));
            handler.onTrigger();
        }
    }

    @Override
    public void reset() {
        currentCount = 0;
    }

    @Override
    public void start() {
        started = true;
    }

    @Override
    public void shutdown() {
    }

    @Override
    public Integer getState() {
        return currentCount;
    }

    @Override
    public void restoreState(Integer state) {
        currentCount = state;
    }

    @Override
    public String toString() {
        return "CountTriggerPolicy{count=" + count + ", currentCount=" + currentCount + ", started=" + started + '}';
    }
}
