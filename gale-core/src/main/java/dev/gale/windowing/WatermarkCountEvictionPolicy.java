package dev.gale.windowing;

import dev.gale.streams.Pair;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link CountEvictionPolicy} by event time: of the events up to the watermark, the last
 * {@code count} are in the window; later events stay for later windows. Before the first watermark
 * nothing is decided: every event stays. Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class WatermarkCountEvictionPolicy<T> implements EvictionPolicy<T, Pair<Long, Long>> {
    protected final int threshold;
    /** Events up to the reference time not yet expired. An AtomicLong as in Storm, for subclasses; one thread uses it. */
    protected final AtomicLong currentCount;
    private EvictionContext context;
    /** Events put in the window by this evaluation so far. */
    private long processed;

    public WatermarkCountEvictionPolicy(int count) {
        threshold = count;
        currentCount = new AtomicLong();
    }

    @Override
    public Action evict(Event<T> event) {
        if (context == null) {
            // Asked while compacting, before the first watermark: keep everything until one comes.
            return Action.STOP;
        }
        if (event.getTimestamp() > context.getReferenceTime() || processed >= currentCount.get()) {
            return Action.KEEP;
        }
        long n = currentCount.get();
        if (n > threshold) {
            currentCount.set(n - 1);
            return Action.EXPIRE;
        }
        processed++;
        return Action.PROCESS;
    }

    @Override
    public void track(Event<T> event) {
    }

    @Override
    public EvictionContext getContext() {
        return context;
    }

    @Override
    public void setContext(EvictionContext context) {
        this.context = context;
        currentCount.set(context.getCurrentCount() != null ? context.getCurrentCount()
                : processed + context.getSlidingCount());
        processed = 0;
    }

    @Override
    public void reset() {
        processed = 0;
    }

    @Override
    public Pair<Long, Long> getState() {
        return Pair.of(currentCount.get(), processed);
    }

    @Override
    public void restoreState(Pair<Long, Long> state) {
        currentCount.set(state.getFirst());
        processed = state.getSecond();
    }

    @Override
    public String toString() {
        return "WatermarkCountEvictionPolicy{threshold=" + threshold + ", currentCount=" + currentCount
                + ", processed=" + processed + '}';
    }
}
