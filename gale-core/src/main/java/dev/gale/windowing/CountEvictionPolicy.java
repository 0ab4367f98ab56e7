package dev.gale.windowing;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps the last {@code count} events: at each evaluation the oldest events beyond that many expire.
 * Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class CountEvictionPolicy<T> implements EvictionPolicy<T, Long> {
    protected final int threshold;
    /** Events in the window and not yet expired. An AtomicLong as in Storm, for subclasses; one thread uses it. */
    protected final AtomicLong currentCount;
    private EvictionContext context;

    public CountEvictionPolicy(int count) {
        this.threshold = count;
        this.currentCount = new AtomicLong();
    }

    @Override
    public Action evict(Event<T> event) {
        long n = currentCount.get();
        if (n > threshold) {
            currentCount.set(n - 1);
            return Action.EXPIRE;
        }
        return Action.PROCESS;
    }

    @Override
    public void track(Event<T> event) {
        if (!event.isWatermark()) {
            currentCount.incrementAndGet();
        }
    }

    @Override
    public EvictionContext getContext() {
        return context;
    }

    @Override
    public void setContext(EvictionContext context) {
        this.context = context;
    }

    @Override
    public void reset() {
    }

    @Override
    public Long getState() {
        return currentCount.get();
    }

    @Override
    public void restoreState(Long state) {
        currentCount.set(state);
    }

    @Override
    public String toString() {
        return "CountEvictionPolicy{threshold=" + threshold + ", currentCount=" + currentCount + '}';
    }
}
