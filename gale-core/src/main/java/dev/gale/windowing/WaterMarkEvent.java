package dev.gale.windowing;

/**
 * A watermark: event time has reached its timestamp, so the windows that end by then can be
 * evaluated, and a tuple older than it is late. Immutable.
 *
 * @param <T> the type of the events of the window it is sent to
 */
public class WaterMarkEvent<T> extends EventImpl<T> {
    public WaterMarkEvent(long ts) {
        super(null, ts);
    }

    @Override
    public boolean isWatermark() {
        return true;
    }

    @Override
    public String toString() {
        return "WaterMarkEvent{ts=" + getTimestamp() + '}';
    }
}
