package dev.gale.windowing;

import java.util.List;

/**
 * Evaluates a window by event time every {@code count} events: when a watermark comes, one
 * evaluation for each {@code count} events up to it (in arrival order), each with the latest
 * timestamp among its events as reference time. Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class WatermarkCountTriggerPolicy<T> implements TriggerPolicy<T, Long> {
    private final int count;
    private final TriggerHandler handler;
    private final EvictionPolicy<T, ?> evictionPolicy;
    private final WindowManager<T> windowManager;
    /** The reference time of the last evaluation: events up to it have been counted. */
    private long lastProcessedTs;
    private boolean started;

    public WatermarkCountTriggerPolicy(int count, TriggerHandler handler, EvictionPolicy<T, ?> evictionPolicy,
                                       WindowManager<T> windowManager) {
        this.count = count;
        this.handler = handler;
        this.evictionPolicy = evictionPolicy;
        this.windowManager = windowManager;
    }

    @Override
    public void track(Event<T> event) {
        if (started && event.isWatermark()) {
            List<Long> ends = windowManager.getSlidingCountTimestamps(lastProcessedTs, event.getTimestamp(), count);
            for (long ts : ends) {
                evictionPolicy.setContext(new DefaultEvictionContext(ts, null, (long) count));
                handler.onTrigger();
                lastProcessedTs = ts;
            }
        }
    }

    @Override
    public void reset() {
    }

    @Override
    public void start() {
        started = true;
    }

    @Override
    public void shutdown() {
    }

    @Override
    public Long getState() {
        return lastProcessedTs;
    }

    @Override
    public void restoreState(Long state) {
        lastProcessedTs = state;
    }

    @Override
    public String toString() {
        return "WatermarkCountTriggerPolicy{count=" + count + ", lastProcessedTs=" + lastProcessedTs + ", started="
                + started + '}';
    }
}
