package dev.gale.windowing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Tells, at each evaluation of a window, which of its events the previous evaluation did not have
 * (a window's {@code getNew()}). Gale's own {@link EventImpl}s carry the number of the last
 * evaluation that had them, so the common case needs no set of the previous window; events of the
 * user's own {@link Event} classes are remembered in a set instead. Not thread-safe: used on the
 * window's thread.
 *
 * @param <T> the type of the events' objects
 */
final class NewEventTracker<T> {
    private long evaluation;
    private Set<Event<T>> previousForeign = Collections.emptySet();

    /**
     * Records an evaluation of {@code window} and returns the objects of its events that were not
     * in the previous one, in window order.
     */
    List<T> newSinceLastEvaluation(List<Event<T>> window) {
        long previous = evaluation++;
        List<T> fresh = new ArrayList<>();
        Set<Event<T>> foreign = new HashSet<>();
        for (Event<T> event : window) {
            boolean seenLastTime;
            if (event instanceof EventImpl<T> own) {
                seenLastTime = own.lastActivation == previous;
                own.lastActivation = evaluation;
            } else {
                seenLastTime = previousForeign.contains(event);
                foreign.add(event);
            }
            if (!seenLastTime) {
                fresh.add(event.get());
            }
        }
        previousForeign = foreign.isEmpty() ? Collections.emptySet() : foreign;
        return fresh;
    }
}
