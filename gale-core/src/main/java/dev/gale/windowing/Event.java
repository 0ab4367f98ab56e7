package dev.gale.windowing;

/**
 * What a window holds: one object (for a windowed bolt, a tuple) with the timestamp it is windowed
 * by, or a watermark, which carries only a timestamp and tells the window how far event time has
 * come. Implementations are immutable as far as the window is concerned.
 *
 * @param <T> the type of the object held, such as {@code Tuple}
 */
public interface Event<T> {
    /**
     * The timestamp in milliseconds the event is windowed by: its event time (read from the tuple)
     * or the processing time at which it arrived.
     */
    long getTimestamp();

    /** The object held; null for a watermark. */
    T get();

    /** True for a watermark, which windows by event time use to track the progress of time. */
    boolean isWatermark();
}
