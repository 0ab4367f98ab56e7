package dev.gale.utils;

import dev.gale.time.Clock;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
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
 * use: every operation is atomic (one lock, the clock read inside it), so an
 * element is always in exactly one bucket or none and cannot be added to a bucket that a poll is
 * taking or has taken; an update whose deadline falls in an interval already polled (a negative
 * timeout) goes to the next bucket due instead of into a bucket nobody will poll again; and a
 * polled element is forgotten, so {@link #remove} then returns null and memory does not grow
 * with elements nobody removes.
 *
 * <p>Storage: one open-addressing table (linear probing, deletion by backward shift) holds every
 * element once; the buckets are doubly linked lists threaded through the table's slots by index.
 * The table is long-lived, so under G1 every non-null reference stored into it costs a card to
 * dirty and refine; this layout stores one reference per insertion and one per slot a deletion
 * shifts, while moving an element between buckets rewrites only {@code int}s.
 *
 * <p>Work under the lock is O(1) per operation, except resizing: the table doubles when 3/4 full
 * and halves when under 1/8 full after a burst, each an O(capacity) rehash amortized over the
 * operations that filled or emptied it. A poll takes its bucket in O(1) and forgets its elements
 * at most 256 per lock hold.
 *
 * <p>Thread-safe.
 */
public final class ExpiryQueue<E> {

    /** Polled elements forgotten per lock hold, so updates never wait for a whole bucket. */
    private static final int FORGET_CHUNK = 256;
    private static final int MIN_CAPACITY = 16;
    /** No slot: the end of a bucket's list. */
    private static final int NONE = -1;
    /** Ints per slot in {@link #meta}: one cache line holds all of a slot's ints. */
    private static final int STRIDE = 4;
    private static final int HASH = 0;
    private static final int BUCKET = 1;
    private static final int PREV = 2;
    private static final int NEXT = 3;

    private static final class Bucket {
        final long expiryMs;
        /** Boxed once, so that update can return it without allocating. */
        final Long boxedExpiryMs;
        /** Index in {@link #buckets}, stored in the slots of its elements. */
        final int id;
        int head = NONE;
        int size;
        /**
         * Set when poll takes the bucket; from then on its list only shrinks, and every element
         * leaving it goes here, whether the poller forgets it or an update or remove meets it first.
         */
        Object[] taken;
        int takenCount;

        Bucket(long expiryMs, int id) {
            this.expiryMs = expiryMs;
            this.boxedExpiryMs = expiryMs;
            this.id = id;
        }
    }

    private final int intervalMs;
    private final Clock clock;
    private final Object lock = new Object();
    /** Buckets not yet polled, by expiry time. */
    private final HashMap<Long, Bucket> byExpiry = new HashMap<>();
    /** Every bucket some slot may name (not polled, or polled and not yet forgotten), by id. */
    private Bucket[] buckets = new Bucket[8];
    /** The bucket the last update went to, or null: most updates go to the same one. */
    private Bucket lastTarget;
    /** Element of slot i, or null if the slot is free. */
    private Object[] elements;
    /** Per slot: mixed hash, bucket id, previous and next slot in the bucket's list. */
    private int[] meta;
    /** {@code 32 - log2(capacity)}: a slot's home is the top bits of its mixed hash. */
    private int shift;
    private int capacity;
    /** Occupied slots, including elements of polled buckets not yet forgotten. */
    private int occupied;
    /** Elements in buckets not yet polled. */
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
        allocate(MIN_CAPACITY);
    }

    /**
     * Moves {@code elem} to the bucket of {@code now + timeoutMs}, adding it if absent.
     *
     * @return the new expiry time, or null if the element already was in that bucket
     */
    public Long update(E elem, int timeoutMs) {
        Objects.requireNonNull(elem, "elem");
        int hash = hash(elem);
        synchronized (lock) {
            long target = Math.max(roundToNextInterval(clock.millis() + timeoutMs), nextExpirationMs);
            int slot = find(elem, hash);
            if (slot == NONE) {
                Bucket destination = bucketFor(target);
                link(insert(elem, hash), destination);
                elementCount++;
                return destination.boxedExpiryMs;
            }
            Bucket current = buckets[meta[slot * STRIDE + BUCKET]];
            if (current.taken != null) {
                // Already handed out by a poll: this update adds it anew.
                unlink(slot, current);
                current.taken[current.takenCount++] = elem;
                elementCount++;
            } else if (current.expiryMs == target) {
                return null;
            } else {
                unlink(slot, current);
                dropIfEmpty(current);
            }
            Bucket destination = bucketFor(target);
            link(slot, destination);
            return destination.boxedExpiryMs;
        }
    }

    /** Forgets {@code elem}; returns the expiry time it had, or null if it was not queued. */
    public Long remove(E elem) {
        if (elem == null) {
            return null;
        }
        int hash = hash(elem);
        synchronized (lock) {
            int slot = find(elem, hash);
            if (slot == NONE) {
                return null;
            }
            Bucket current = buckets[meta[slot * STRIDE + BUCKET]];
            unlink(slot, current);
            delete(slot);
            if (current.taken != null) {
                current.taken[current.takenCount++] = elem;
                return null;
            }
            elementCount--;
            dropIfEmpty(current);
            shrinkIfSparse();
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
        Bucket taken;
        synchronized (lock) {
            long due = nextExpirationMs;
            if (clock.millis() < due) {
                return Collections.emptySet();
            }
            nextExpirationMs = due + intervalMs;
            taken = byExpiry.remove(due);
            if (taken == null) {
                return Collections.emptySet();
            }
            if (lastTarget == taken) {
                lastTarget = null;
            }
            // Exactly the elements in the bucket now will leave it, each once, into this array.
            taken.taken = new Object[taken.size];
            elementCount -= taken.size;
        }
        forget(taken);
        Set<E> expired = new HashSet<>(Math.max(16, (int) (taken.takenCount / 0.75f) + 1));
        for (int i = 0; i < taken.takenCount; i++) {
            @SuppressWarnings("unchecked")
            E elem = (E) taken.taken[i];
            expired.add(elem);
        }
        return expired;
    }

    /** Writes the buckets, oldest first, with their elements, one per line. */
    public void dump(PrintWriter out) {
        int count;
        Map<Long, Set<E>> snapshot;
        synchronized (lock) {
            count = elementCount;
            snapshot = snapshot();
        }
        out.print("Sets (");
        out.print(snapshot.size());
        out.print(")/(");
        out.print(count);
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

    /** Table slots, for tests. */
    int capacity() {
        synchronized (lock) {
            return capacity;
        }
    }

    private Map<Long, Set<E>> snapshot() {
        TreeMap<Long, Set<E>> copy = new TreeMap<>();
        for (Bucket b : byExpiry.values()) {
            HashSet<E> set = new HashSet<>(Math.max(16, (int) (b.size / 0.75f) + 1));
            for (int s = b.head; s != NONE; s = meta[s * STRIDE + NEXT]) {
                @SuppressWarnings("unchecked")
                E elem = (E) elements[s];
                set.add(elem);
            }
            copy.put(b.boxedExpiryMs, Collections.unmodifiableSet(set));
        }
        return Collections.unmodifiableMap(copy);
    }

    private long roundToNextInterval(long timeMs) {
        return (Math.floorDiv(timeMs, intervalMs) + 1) * intervalMs;
    }

    private Bucket bucketFor(long expiryMs) {
        Bucket b = lastTarget;
        if (b == null || b.expiryMs != expiryMs) {
            b = byExpiry.get(expiryMs);
            if (b == null) {
                b = new Bucket(expiryMs, freeBucketId());
                buckets[b.id] = b;
                byExpiry.put(b.boxedExpiryMs, b);
            }
            lastTarget = b;
        }
        return b;
    }

    /** A few dozen buckets at most are in use, and one is created per interval: a scan will do. */
    private int freeBucketId() {
        for (int id = 0; id < buckets.length; id++) {
            if (buckets[id] == null) {
                return id;
            }
        }
        int id = buckets.length;
        buckets = Arrays.copyOf(buckets, 2 * id);
        return id;
    }

    /** Drops a bucket not yet polled that has no element left. */
    private void dropIfEmpty(Bucket b) {
        if (b.size == 0) {
            byExpiry.remove(b.boxedExpiryMs);
            buckets[b.id] = null;
            if (lastTarget == b) {
                lastTarget = null;
            }
        }
    }

    /**
     * Drops a polled bucket's elements from the table, a chunk per lock hold, handing each to
     * the bucket's {@code taken} array. Updates and removals in between take the elements they
     * meet out of the list themselves, so the list only shrinks and its head is always next.
     */
    private void forget(Bucket polled) {
        boolean done = false;
        while (!done) {
            synchronized (lock) {
                for (int i = 0; i < FORGET_CHUNK && polled.head != NONE; i++) {
                    int slot = polled.head;
                    polled.taken[polled.takenCount++] = elements[slot];
                    unlink(slot, polled);
                    delete(slot);
                }
                done = polled.head == NONE;
                if (done) {
                    buckets[polled.id] = null;
                    shrinkIfSparse();
                }
            }
        }
    }

    // ---- the table; every method below runs under the lock ----

    private static int hash(Object elem) {
        // Fibonacci hashing: the top bits, which pick the home slot, depend on every bit.
        return elem.hashCode() * 0x9E3779B9;
    }

    private int home(int hash) {
        return hash >>> shift;
    }

    private int next(int slot) {
        return (slot + 1) & (capacity - 1);
    }

    private int find(Object elem, int hash) {
        Object[] table = elements;
        for (int slot = home(hash); ; slot = next(slot)) {
            Object found = table[slot];
            if (found == null) {
                return NONE;
            }
            if (found == elem || (meta[slot * STRIDE + HASH] == hash && found.equals(elem))) {
                return slot;
            }
        }
    }

    /** Puts an absent element into a free slot, in no bucket yet; returns the slot. */
    private int insert(Object elem, int hash) {
        if (occupied >= capacity - (capacity >>> 2)) {
            rehash(2 * capacity);
        }
        int slot = home(hash);
        while (elements[slot] != null) {
            slot = next(slot);
        }
        elements[slot] = elem; // the one reference an insertion stores
        meta[slot * STRIDE + HASH] = hash;
        occupied++;
        return slot;
    }

    private void link(int slot, Bucket b) {
        int m = slot * STRIDE;
        meta[m + BUCKET] = b.id;
        meta[m + PREV] = NONE;
        meta[m + NEXT] = b.head;
        if (b.head != NONE) {
            meta[b.head * STRIDE + PREV] = slot;
        }
        b.head = slot;
        b.size++;
    }

    private void unlink(int slot, Bucket b) {
        int m = slot * STRIDE;
        int prev = meta[m + PREV];
        int next = meta[m + NEXT];
        if (prev == NONE) {
            b.head = next;
        } else {
            meta[prev * STRIDE + NEXT] = next;
        }
        if (next != NONE) {
            meta[next * STRIDE + PREV] = prev;
        }
        b.size--;
    }

    /**
     * Frees an unlinked slot and shifts back the later elements of its probe run that may move
     * closer to home, so no lookup meets a gap before its element; a shifted element's list
     * neighbours (or its bucket's head) are pointed at its new slot.
     */
    private void delete(int slot) {
        int hole = slot;
        int j = next(hole);
        Object elem;
        while ((elem = elements[j]) != null) {
            int jm = j * STRIDE;
            int h = home(meta[jm + HASH]);
            // Move elem into the hole unless its home lies cyclically in (hole, j].
            boolean homeAfterHole = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
            if (!homeAfterHole) {
                int hm = hole * STRIDE;
                elements[hole] = elem;
                System.arraycopy(meta, jm, meta, hm, STRIDE);
                int prev = meta[jm + PREV];
                int next = meta[jm + NEXT];
                if (prev == NONE) {
                    buckets[meta[jm + BUCKET]].head = hole;
                } else {
                    meta[prev * STRIDE + NEXT] = hole;
                }
                if (next != NONE) {
                    meta[next * STRIDE + PREV] = hole;
                }
                hole = j;
            }
            j = next(j);
        }
        elements[hole] = null; // null stores cost G1 nothing
        occupied--;
    }

    /** Halves the table while it is under 1/8 full, so a burst does not pin memory. */
    private void shrinkIfSparse() {
        if (capacity > MIN_CAPACITY && occupied < capacity >>> 3) {
            int newCapacity = capacity;
            while (newCapacity > MIN_CAPACITY && occupied < newCapacity >>> 2) {
                newCapacity >>>= 1;
            }
            rehash(newCapacity);
        }
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        shift = Integer.numberOfLeadingZeros(newCapacity) + 1;
        elements = new Object[newCapacity];
        meta = new int[newCapacity * STRIDE];
    }

    /** Moves every element to a table of {@code newCapacity} slots and renumbers the lists. */
    private void rehash(int newCapacity) {
        Object[] oldElements = elements;
        int[] oldMeta = meta;
        int oldCapacity = capacity;
        allocate(newCapacity);
        int[] moved = new int[oldCapacity];
        for (int i = 0; i < oldCapacity; i++) {
            Object elem = oldElements[i];
            if (elem != null) {
                int hash = oldMeta[i * STRIDE + HASH];
                int slot = home(hash);
                while (elements[slot] != null) {
                    slot = next(slot);
                }
                elements[slot] = elem;
                meta[slot * STRIDE + HASH] = hash;
                meta[slot * STRIDE + BUCKET] = oldMeta[i * STRIDE + BUCKET];
                moved[i] = slot;
            }
        }
        for (int i = 0; i < oldCapacity; i++) {
            if (oldElements[i] != null) {
                int prev = oldMeta[i * STRIDE + PREV];
                int next = oldMeta[i * STRIDE + NEXT];
                meta[moved[i] * STRIDE + PREV] = prev == NONE ? NONE : moved[prev];
                meta[moved[i] * STRIDE + NEXT] = next == NONE ? NONE : moved[next];
            }
        }
        for (Bucket b : buckets) {
            if (b != null && b.head != NONE) {
                b.head = moved[b.head];
            }
        }
    }
}
