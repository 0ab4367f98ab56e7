package dev.gale.utils;

import dev.gale.time.Clock;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Deadline buckets for many elements whose deadlines keep moving, as in ZooKeeper's session
 * expiry: request threads {@link #update} an element on every touch, one expiry thread loops
 * {@code wait(getWaitTime()); for (e : poll()) expire(e);}.
 *
 * <p>Time is cut into intervals of {@code expirationIntervalMs}; an element due at {@code t}
 * waits in the bucket keyed {@code (t / interval + 1) * interval} (floored division), so one
 * {@link #poll()} per interval hands out everything due, and an update that stays within the
 * same interval costs no more than a lookup.
 *
 * <p>Differences from ZooKeeper's class, all of them closing holes rather than changing normal
 * use: every operation is atomic (one lock, O(1) work under it, the clock read inside it), so an
 * element is always in exactly one bucket or none and cannot be added to a bucket that a poll is
 * taking or has taken; an update whose deadline falls in an interval already polled (a negative
 * timeout) goes to the next bucket due instead of into a bucket nobody will poll again; and a
 * polled element is forgotten, so {@link #remove} then returns null and memory does not grow
 * with elements nobody removes.
 *
 * <p>Thread-safe.
 */
public final class ExpiryQueue<E> {

    /** Polled elements forgotten per lock hold, so updates never wait for a whole bucket. */
    private static final int FORGET_CHUNK = 256;

    private static final class Bucket<E> {
        final long expiryMs;
        /** Boxed once, so that update can return it without allocating. */
        final Long boxedExpiryMs;
        final HashSet<E> elements = new HashSet<>();
        /** Set when poll takes the bucket; from then on it belongs to the poller. */
        boolean polled;

        Bucket(long expiryMs) {
            this.expiryMs = expiryMs;
            this.boxedExpiryMs = expiryMs;
        }
    }

    private final int intervalMs;
    private final Clock clock;
    private final Object lock = new Object();
    private final HashMap<E, Bucket<E>> bucketOf = new HashMap<>();
    private final HashMap<Long, Bucket<E>> buckets = new HashMap<>();
    /** The bucket the last update went to, or null: most updates go to the same one. */
    private Bucket<E> lastTarget;
    private int elementCount;
    private long nextExpirationMs;

    /**
     * @param expirationIntervalMs the bucket width, at least 1
     * @throws IllegalArgumentException if {@code expirationIntervalMs < 1}
     */
    public ExpiryQueue(int expirationIntervalMs) {
        this(expirationIntervalMs, Clock.system());
    }

    /**
     * @param expirationIntervalMs the bucket width, at least 1
     * @param clock the time source
     * @throws IllegalArgumentException if {@code expirationIntervalMs < 1}
     */
    public ExpiryQueue(int expirationIntervalMs, Clock clock) {
        if (expirationIntervalMs < 1) {
            throw new IllegalArgumentException(
                    "expirationIntervalMs must be at least 1, but was " + expirationIntervalMs);
        }
        this.intervalMs = expirationIntervalMs;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.nextExpirationMs = roundToNextInterval(clock.millis());
    }

    /**
     * Moves {@code elem} to the bucket of {@code now + timeoutMs}, adding it if absent.
     *
     * @return the new expiry time, or null if the element already was in that bucket
     */
    public Long update(E elem, int timeoutMs) {
        Objects.requireNonNull(elem, "elem");
        synchronized (lock) {
            long target = Math.max(roundToNextInterval(clock.millis() + timeoutMs), nextExpirationMs);
            Bucket<E> current = bucketOf.get(elem);
            if (current != null && current.polled) {
                current = null; // already handed out by a poll: this update adds it anew
            }
            if (current != null && current.expiryMs == target) {
                return null;
            }
            Bucket<E> destination = bucketFor(target);
            destination.elements.add(elem);
            bucketOf.put(elem, destination);
            if (current != null) {
                leave(current, elem);
            } else {
                elementCount++;
            }
            return destination.boxedExpiryMs;
        }
    }

    /** Forgets {@code elem}; returns the expiry time it had, or null if it was not queued. */
    public Long remove(E elem) {
        synchronized (lock) {
            Bucket<E> current = bucketOf.remove(elem);
            if (current == null || current.polled) {
                return null;
            }
            leave(current, elem);
            elementCount--;
            return current.boxedExpiryMs;
        }
    }

    /** Milliseconds until the next bucket is due, 0 if it already is. */
    public long getWaitTime() {
        long now;
        long next;
        // Both read under the lock: read apart, a poll and a clock step in between could
        // combine into a wait longer than any the queue ever had.
        synchronized (lock) {
            now = clock.millis();
            next = nextExpirationMs;
        }
        return now < next ? next - now : 0L;
    }

    /**
     * Takes the next bucket if it is due: returns its elements (possibly none) and makes the
     * following interval the next one due. Concurrent pollers never both take a bucket.
     *
     * @return the expired elements, owned by the caller; empty if nothing is due
     */
    public Set<E> poll() {
        Bucket<E> taken;
        synchronized (lock) {
            long due = nextExpirationMs;
            if (clock.millis() < due) {
                return Collections.emptySet();
            }
            nextExpirationMs = due + intervalMs;
            taken = buckets.remove(due);
            if (taken == null) {
                return Collections.emptySet();
            }
            if (lastTarget == taken) {
                lastTarget = null;
            }
            taken.polled = true;
            elementCount -= taken.elements.size();
        }
        forget(taken);
        return taken.elements;
    }

    /** Writes the buckets, oldest first, with their elements, one per line. */
    public void dump(PrintWriter out) {
        int elements;
        Map<Long, Set<E>> snapshot;
        synchronized (lock) {
            elements = elementCount;
            snapshot = snapshot();
        }
        out.print("Sets (");
        out.print(snapshot.size());
        out.print(")/(");
        out.print(elements);
        out.println("):");
        for (Map.Entry<Long, Set<E>> bucket : snapshot.entrySet()) {
            out.print(bucket.getValue().size());
            out.print(" expire at ");
            out.print(bucket.getKey());
            out.println(" ms:");
            for (E elem : bucket.getValue()) {
                out.print('\t');
                out.println(elem);
            }
        }
        out.flush();
    }

    /**
     * A snapshot of the queued elements by expiry time, in increasing time order; read-only and
     * consistent (taken atomically), so it never shows an element twice.
     */
    public Map<Long, Set<E>> getExpiryMap() {
        synchronized (lock) {
            return snapshot();
        }
    }

    private Map<Long, Set<E>> snapshot() {
        TreeMap<Long, Set<E>> copy = new TreeMap<>();
        for (Bucket<E> b : buckets.values()) {
            copy.put(b.boxedExpiryMs, Collections.unmodifiableSet(new HashSet<>(b.elements)));
        }
        return Collections.unmodifiableMap(copy);
    }

    private long roundToNextInterval(long timeMs) {
        return (Math.floorDiv(timeMs, intervalMs) + 1) * intervalMs;
    }

    private Bucket<E> bucketFor(long expiryMs) {
        Bucket<E> b = lastTarget;
        if (b == null || b.expiryMs != expiryMs) {
            b = buckets.get(expiryMs);
            if (b == null) {
                b = new Bucket<>(expiryMs);
                buckets.put(b.boxedExpiryMs, b);
            }
            lastTarget = b;
        }
        return b;
    }

    /** Takes {@code elem} out of a bucket not yet polled, dropping the bucket once empty. */
    private void leave(Bucket<E> bucket, E elem) {
        bucket.elements.remove(elem);
        if (bucket.elements.isEmpty()) {
            buckets.remove(bucket.boxedExpiryMs);
            if (lastTarget == bucket) {
                lastTarget = null;
            }
        }
    }

    /**
     * Drops a polled bucket's elements from the index. The bucket is never written once polled,
     * so it can be read between lock holds; an element updated since points elsewhere and stays.
     */
    private void forget(Bucket<E> polled) {
        Iterator<E> it = polled.elements.iterator();
        while (it.hasNext()) {
            synchronized (lock) {
                for (int i = 0; i < FORGET_CHUNK && it.hasNext(); i++) {
                    E elem = it.next();
                    bucketOf.remove(elem, polled);
                }
            }
        }
    }
}
