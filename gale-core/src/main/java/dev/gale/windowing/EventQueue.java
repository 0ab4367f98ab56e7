package dev.gale.windowing;

import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A window's events in arrival order, in one growing ring of references. What a window does with
 * them is cheap here: add at the end, and walk from the oldest removing some. Most removals are at
 * the oldest end, which moves on; one in the middle (an event by event time that expired while an
 * earlier one is kept) leaves a hole, which walks skip, and holes are squeezed out once they are as
 * many as the events. Not thread-safe: one window, one thread.
 *
 * @param <T> the type of the events' objects
 */
final class EventQueue<T> extends AbstractCollection<Event<T>> {
    private Event<T>[] ring;
    /** Sequence numbers of the oldest slot and one past the newest; a slot's index is its number & mask. */
    private long first;
    private long end;
    private int holes;
    /** Changed by every add and compaction: an iterator made before one of these is stale. */
    private int modCount;

    @SuppressWarnings("unchecked")
    EventQueue() {
        ring = (Event<T>[]) new Event<?>[16];
    }

    @Override
    public int size() {
        return (int) (end - first) - holes;
    }

    @Override
    public boolean add(Event<T> e) {
        if (e == null) {
            throw new NullPointerException("a window event must not be null");
        }
        if (holes > 16 && holes >= size()) {
            compact(ring.length);
        }
        if (end - first == ring.length) {
            compact(holes > ring.length / 4 ? ring.length : ring.length * 2);
        }
        ring[(int) end & (ring.length - 1)] = e;
        end++;
        modCount++;
        return true;
    }

    @Override
    public void clear() {
        Arrays.fill(ring, null);
        first = 0;
        end = 0;
        holes = 0;
        modCount++;
    }

    /** Copies the events, without holes, into a ring of {@code capacity} slots (a power of two). */
    @SuppressWarnings("unchecked")
    private void compact(int capacity) {
        Event<T>[] to = (Event<T>[]) new Event<?>[capacity];
        int n = 0;
        int mask = ring.length - 1;
        for (long s = first; s < end; s++) {
            Event<T> e = ring[(int) s & mask];
            if (e != null) {
                to[n++] = e;
            }
        }
        ring = to;
        first = 0;
        end = n;
        holes = 0;
        modCount++;
    }

    @Override
    public Iterator<Event<T>> iterator() {
        return new Iterator<>() {
            private final int expectedMod = modCount;
            /** The sequence number of the next slot to look at, and of the slot last returned. */
            private long cursor = first;
            private long last = -1;

            @Override
            public boolean hasNext() {
                check();
                int mask = ring.length - 1;
                while (cursor < end && ring[(int) cursor & mask] == null) {
                    cursor++;
                }
                return cursor < end;
            }

            @Override
            public Event<T> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                last = cursor++;
                return ring[(int) last & (ring.length - 1)];
            }

            @Override
            public void remove() {
                check();
                if (last < 0 || ring[(int) last & (ring.length - 1)] == null) {
                    throw new IllegalStateException("remove() without a next() to remove");
                }
                removeAt(last);
            }

            private void check() {
                if (modCount != expectedMod) {
                    throw new ConcurrentModificationException("window events added while they were being scanned");
                }
            }
        };
    }

    /** Removes the event in slot {@code s}: the oldest end moves on past any holes behind it. */
    private void removeAt(long s) {
        int mask = ring.length - 1;
        ring[(int) s & mask] = null;
        if (s != first) {
            holes++;
            return;
        }
        first++;
        while (first < end && ring[(int) first & mask] == null) {
            first++;
            holes--;
        }
    }
}
