package dev.gale.windowing;

/**
 * {@link TimeEvictionPolicy} by event time: the reference time is a watermark. Events after it stay
 * for later windows, and the scan stops at the first event more than {@code lag} after it (events
 * are out of order by at most the lag, so none further on can be in the window). Before the first
 * watermark nothing is decided: every event stays. Used on the window's thread only.
 *
 * @param <T> the type of the events
 */
public class WatermarkTimeEvictionPolicy<T> extends TimeEvictionPolicy<T> {
    private final int lag;

    /** @param windowLength the window's length in milliseconds; no lag: the scan never stops early */
    public WatermarkTimeEvictionPolicy(int windowLength) {
        this(windowLength, Integer.MAX_VALUE);
    }

    /**
     * @param windowLength the window's length in milliseconds
     * @param lag          how far out of order (in milliseconds) events may come
     */
    public WatermarkTimeEvictionPolicy(int windowLength, int lag) {
        super(windowLength);
        this.lag = lag;
    }

    @Override
    public Action evict(Event<T> event) {
        if (evictionContext == null) {
            // Asked while compacting, before the first watermark: keep everything until one comes.
            return Action.STOP;
        }
        long age = evictionContext.getReferenceTime() - event.getTimestamp();
        if (age < -lag) {
            return Action.STOP;
        }
        if (age < 0) {
            return Action.KEEP;
        }
        return super.evict(event);
    }

    @Override
    public String toString() {
        return "WatermarkTimeEvictionPolicy{lag=" + lag + "} " + super.toString();
    }
}
