package dev.gale.windowing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * One pass of a window's events, oldest first, by its {@link EvictionPolicy}: the events the policy
 * expires are taken out of the collection as they are met. A full pass goes on to the end (or to
 * the policy's {@code STOP}) and collects the events to evaluate; a partial pass, which only drops
 * expired events, ends at the first event that stays. Not thread-safe: one pass, on the window's
 * thread.
 *
 * @param <T> the type of the events' objects
 */
final class EvictionSweep<T> {
    private final List<T> expired = new ArrayList<>();
    private final List<Event<T>> inWindow = new ArrayList<>();

    private EvictionSweep() {
    }

    /**
     * @param events the window's events, oldest first; expired ones are removed through its iterator
     * @param full   whether to collect the events to evaluate, or only drop the expired head
     */
    static <T> EvictionSweep<T> over(Collection<Event<T>> events, EvictionPolicy<T, ?> policy, boolean full) {
        EvictionSweep<T> sweep = new EvictionSweep<>();
        Iterator<Event<T>> cursor = events.iterator();
        while (cursor.hasNext()) {
            Event<T> candidate = cursor.next();
            EvictionPolicy.Action verdict = policy.evict(candidate);
            if (verdict == EvictionPolicy.Action.EXPIRE) {
                sweep.expired.add(candidate.get());
                cursor.remove();
                continue;
            }
            if (verdict == EvictionPolicy.Action.STOP || !full) {
                break;
            }
            if (verdict == EvictionPolicy.Action.PROCESS) {
                sweep.inWindow.add(candidate);
            }
        }
        return sweep;
    }

    /** The objects of the events expired by this pass, oldest first. */
    List<T> expired() {
        return expired;
    }

    /** The events to evaluate (a full pass; empty otherwise), oldest first. */
    List<Event<T>> inWindow() {
        return inWindow;
    }
}
