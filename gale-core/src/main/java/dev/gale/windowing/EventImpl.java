package dev.gale.windowing;

/**
 * An object and its timestamp, as a {@link WindowManager} holds it. Not thread-safe: used on the
 * thread of the window that holds it.
 *
 * @param <T> the type of the object held
 */
public class EventImpl<T> implements Event<T> {
    private final T event;
    private final long ts;
    /**
     * The number of the last activation of its {@link WindowManager} that included this event, so
     * the next one can tell new events from those it saw already without a set of the previous
     * window's events (see {@link WindowManager#onTrigger()}).
     */
    long lastActivation = Long.MIN_VALUE;

    EventImpl(T event, long ts) {
        this.event = event;
        this.ts = ts;
    }

    @Override
    public long getTimestamp() {
        return ts;
    }

    @Override
    public T get() {
        return event;
    }

    @Override
    public boolean isWatermark() {
        return false;
    }

    @Override
    public String toString() {
        return "EventImpl{event=" + event + ", ts=" + ts + '}';
    }
}
