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
    /** What {@link WindowManager#getEarliestEventTs} answers when no event is in the range. */
    private static final long NO_EVENT = Long.MAX_VALUE;
    private final long slideMs;
    private final TriggerHandler handler;
    private final EvictionPolicy<T, ?> eviction;
    private final WindowManager<T> window;
    private long nextWindowEndTs;
    private boolean started;

    public WatermarkTimeTriggerPolicy(long slidingIntervalMs, TriggerHandler handler, EvictionPolicy<T, ?> evictionPolicy,
                                      WindowManager<T> windowManager) {
        this.slideMs = slidingIntervalMs;
        this.handler = handler;
        this.eviction = evictionPolicy;
        this.window = windowManager;
    }

    @Override
    public void track(Event<T> event) {
        if (started && event.isWatermark()) {
            evaluateUpTo(event.getTimestamp());
        }
    }

    /** Evaluates every window that ends by {@code watermarkTs} and has events. */
    private void evaluateUpTo(long watermarkTs) {
        long end = nextWindowEndTs;
        while (end <= watermarkTs) {
            if (evaluateWindowEndingAt(end)) {
                end += slideMs;
                continue;
            }
            // Nothing in that window: jump to the window of the next event, if the watermark passed it.
            long skipTo = windowEndOfNextEvent(end, watermarkTs);
            if (skipTo == NO_EVENT) {
                LOG.trace("watermark {}: no event after {} to evaluate", watermarkTs, end);
                break;
            }
            end = skipTo;
        }
        nextWindowEndTs = end;
    }

    private boolean evaluateWindowEndingAt(long end) {
        eviction.setContext(new DefaultEvictionContext(end, (long) window.getEventCount(end)));
        return handler.onTrigger();
    }

    /**
     * The end of the window holding the earliest event after {@code after} (exclusive) and up to
     * {@code upTo}: that event's timestamp rounded up to a multiple of the sliding interval; or
     * {@link #NO_EVENT} if there is no such event.
     */
    private long windowEndOfNextEvent(long after, long upTo) {
        long ts = window.getEarliestEventTs(after, upTo);
        if (ts == NO_EVENT) {
            return NO_EVENT;
        }
        long pastBoundary = ts % slideMs;
        return pastBoundary == 0 ? ts : ts - pastBoundary + slideMs;
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
        return "WatermarkTimeTriggerPolicy{slidingIntervalMs=" + slideMs + ", nextWindowEndTs="
                + nextWindowEndTs + ", started=" + started + '}';
    }
}
