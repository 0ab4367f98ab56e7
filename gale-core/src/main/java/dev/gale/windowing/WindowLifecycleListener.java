package dev.gale.windowing;

import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a {@link WindowManager} tells as events leave the window and as the window is evaluated.
 * Called on the window's thread.
 *
 * @param <T> the type of the events
 */
public interface WindowLifecycleListener<T> {
    /** {@code events} left the window for good (a windowed bolt acks them). */
    void onExpiry(List<T> events);

    /**
     * The window is evaluated.
     *
     * @param events        the events in the window now
     * @param newEvents     those not in the previous evaluation
     * @param expired       those that left the window since the previous evaluation
     * @param referenceTime the time (processing time, or the watermark) the window was evaluated for
     */
    default void onActivation(List<T> events, List<T> newEvents, List<T> expired, Long referenceTime) {
        throw new UnsupportedOperationException("Not implemented");
    }

    /**
     * The window is evaluated, its events given as iterators, valid during this call only: the form
     * {@link StatefulWindowManager} calls, for windows kept in state (new and expired events are
     * not tracked: null). {@link WindowManager} calls the list form.
     */
    default void onActivation(Supplier<Iterator<T>> eventsIt, Supplier<Iterator<T>> newEventsIt,
                              Supplier<Iterator<T>> expiredIt, Long referenceTime) {
        throw new UnsupportedOperationException("Not implemented");
    }
}
