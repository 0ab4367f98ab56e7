package dev.gale.windowing;

import java.util.Iterator;
import java.util.List;

/**
 * One evaluation of a window: the events in it now, those new since the previous evaluation, those
 * that left it since then, and the time span it covers. What a windowed bolt's {@code execute}
 * receives; valid after {@code execute} returns too (the lists are the bolt's to keep). Not
 * thread-safe.
 *
 * @param <T> the type of the events, such as {@code Tuple}
 */
public interface Window<T> {
    /** The events in the window, oldest first (in arrival order). */
    List<T> get();

    /**
     * An iterator over the events in the window: how a persistent window ({@code withPersistence})
     * is read, valid during the {@code execute} it is given to.
     *
     * @throws UnsupportedOperationException for windows kept in memory (use {@link #get()})
     */
    default Iterator<T> getIter() {
        throw new UnsupportedOperationException("Not implemented");
    }

    /** The events that were not in the previous evaluation of this window. */
    List<T> getNew();

    /** The events that left the window since its previous evaluation. */
    List<T> getExpired();

    /**
     * The time at which the window ends: the watermark it was evaluated for, by event time; the
     * time it was evaluated at, by processing time.
     */
    Long getEndTimestamp();

    /** The end timestamp minus the window's length, when the length is a duration; null for a count. */
    Long getStartTimestamp();
}
