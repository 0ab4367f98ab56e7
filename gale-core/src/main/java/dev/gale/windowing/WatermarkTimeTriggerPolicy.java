package dev.gale.windowing;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates a window by event time every {@code slidingIntervalMs}: when a watermark comes, one
 * evaluation for each window end up to it. Window ends are multiples of the sliding interval; an
 * interval with no event is skipped (the next window end is found from the events' timestamps)
 * rather than evaluated empty. Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class WatermarkTimeTriggerPolicy<T> implements TriggerPolicy<T, Long> {
    private static final Logger LOG = LoggerFactory.getLogger(WatermarkTimeTriggerPolicy.class);
    private final long slidingIntervalMs;
    private final TriggerHandler handler;
    private final EvictionPolicy<T, ?> evictionPolicy;
    private final WindowManager<T> windowManager;
    private long nextWindowEndTs;
    private boolean started;

    public WatermarkTimeTriggerPolicy(long slidingIntervalMs, TriggerHandler handler, EvictionPolicy<T, ?> evictionPolicy,
                                      WindowManager<T> windowManager) {
        this.slidingIntervalMs = slidingIntervalMs;
        this.handler = handler;
        this.evictionPolicy = evictionPolicy;
        this.windowManager = windowManager;
    }

    @Override
    public void track(Event<T> event) {
        if (started && event.isWatermark()) {
            evaluateUpTo(event.getTimestamp());
        }
    }

    /** Evaluates every window that ends by {@code watermarkTs} and has events. */
    private void evaluateUpTo(long watermarkTs) {
        long windowEndTs = nextWindowEndTs;
        LOG.debug("Window end ts {} Watermark ts {}", windowEndTs, watermarkTs);
        while (windowEndTs <= watermarkTs) {
            long currentCount = windowManager.getEventCount(windowEndTs);
            evictionPolicy.setContext(new DefaultEvictionContext(windowEndTs, currentCount));
            if (handler.onTrigger()) {
                windowEndTs += slidingIntervalMs;
            } else {
                // Nothing in that window: jump to the first window end after the next event.
                long ts = nextAlignedWindowEnd(windowEndTs, watermarkTs);
                if (ts == Long.MAX_VALUE) {
                    LOG.debug("No events to process between {} and watermark ts {}", windowEndTs, watermarkTs);
                    break;
                }
                windowEndTs = ts;
            }
        }
        nextWindowEndTs = windowEndTs;
    }

    /**
     * The end of the window holding the earliest event after {@code startTs} (exclusive) and up to
     * {@code endTs}: that event's timestamp rounded up to a multiple of the sliding interval; or
     * {@link Long#MAX_VALUE} if there is no such event.
     */
    private long nextAlignedWindowEnd(long startTs, long endTs) {
        long next = windowManager.getEarliestEventTs(startTs, endTs);
        if (next == Long.MAX_VALUE || next % slidingIntervalMs == 0) {
            return next;
        }
        return next + (slidingIntervalMs - (next % slidingIntervalMs));
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
        return nextWindowEndTs;
    }

    @Override
    public void restoreState(Long state) {
        nextWindowEndTs = state;
    }

    @Override
    public String toString() {
        return "WatermarkTimeTriggerPolicy{slidingIntervalMs=" + slidingIntervalMs + ", nextWindowEndTs="
                + nextWindowEndTs + ", started=" + started + '}';
    }
}
