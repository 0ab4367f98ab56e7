package dev.gale.utils;

import java.util.Arrays;

/**
 * The storage of {@link RotatingMap}: entries are appended to a log of chunks, one list of chunks
 * per generation, and found through an open-addressing index (linear probing, deletion by
 * backward shift) that holds only {@code int}s: each slot the entry's hash and its position in
 * the log.
 *
 * <p>Why a log: under G1, storing a non-null reference into an old object (and a big table is
 * old, since it outlives every young collection or is allocated as a humongous object) takes the
 * write barrier's slow path and dirties a card that refinement must rescan. A put into a hash
 * table stores into a random card; an append stores into the card of the previous append, in a
 * chunk that is young while it fills. Removals store only nulls and {@code int}s, which cost G1
 * nothing. So the index, however large, never sees a reference store.
 *
 * <p>An entry's generation is its chunk's: a put stores into the newest generation, a renewal of
 * an entry from an older generation moves it to the newest (a null store and an append), and a
 * rotation starts a new generation and drops, chunk by chunk, the one that has lived through
 * {@code numBuckets} generations: O(entries dropped), not O(capacity).
 *
 * <p>A rotation can also be split, for an owner that must not hold its lock for a whole
 * generation ({@link TimeCacheMap}): {@link #detachOldest()} ends the oldest generation in O(1)
 * (a chunk is dead once its generation is {@code numBuckets} rotations old: its entries are no
 * longer found, and a put of one of their keys indexes a new entry beside the dead one),
 * {@link #unindex} then takes one dead chunk's entries out of the index at a time, and
 * {@link #forEach} reads them. A dead chunk is never written again, so once detached under the
 * owner's lock it may be read without it.
 *
 * <p>Removed entries leave holes in their chunk until it is dropped; the chunk being filled is
 * compacted in place when it fills with at least half of it holes, so short-lived entries (put and
 * removed within a generation) take no space for long.
 *
 * <p>Not thread-safe.
 */
final class RotatingTable<K, V> {
    /** Keeps probe runs short: at most 0.75 full; the index grows by half, so it is 0.5 to 0.75 full. */
    private static final double MAX_LOAD = 0.75;
    private static final int MIN_CAPACITY = 16;
    /** A log position is {@code chunkId << CHUNK_BITS | offset}. */
    private static final int CHUNK_BITS = 10;
    private static final int MAX_CHUNK = 1 << CHUNK_BITS;
    private static final int OFFSET_MASK = MAX_CHUNK - 1;
    /** Keeps positions + 1 positive ints. */
    private static final int MAX_CHUNK_ID = (Integer.MAX_VALUE >>> CHUNK_BITS) - 1;
    /** A generation's first chunk is small, so a small map stays small; later ones double. */
    private static final int FIRST_CHUNK = 8;
    /** Stands for the null key, since a null key in a chunk means a hole. */
    private static final Object NULL_KEY = new Object();

    /** A run of the log: entries appended within one generation. */
    static final class Chunk {
        final int id;
        /** The rotation count when it was started; every chunk of a generation has the same. */
        final long generation;
        /** The slot of its generation in {@link #firstChunks}. */
        final int bucket;
        /** Key of entry i at 2i, its value at 2i + 1: one card per append instead of two. */
        final Object[] entries;
        /** Hash of entry i: finds its index slot without touching the key. */
        final int[] hashes;
        /** Entries appended; those at or past it are free. */
        int used;
        /** Entries appended and not removed. */
        int live;
        /** The chunk started after this one in the same generation, or null. */
        Chunk newer;

        Chunk(int id, long generation, int bucket, int length) {
            this.id = id;
            this.generation = generation;
            this.bucket = bucket;
            this.entries = new Object[2 * length];
            this.hashes = new int[length];
        }

        int length() {
            return hashes.length;
        }
    }

    private final int numBuckets;
    /** Whether the index is rehashed smaller after a burst (an O(capacity) step). */
    private final boolean shrinks;
    /** Slot i: the entry's hash at 2i, its log position + 1 at 2i + 1 (0 for a free slot). */
    private int[] index;
    private int capacity;
    private int resizeAt;
    /** Live entries. */
    private int size;
    /** Occupied index slots: live entries and dead ones not unindexed yet. */
    private int indexed;
    /** Every chunk of a live generation, by id. */
    private Chunk[] chunks = new Chunk[8];
    private int[] freeIds = new int[8];
    private int freeIdCount;
    private int nextId;
    /** The first and the newest chunk of each live generation; the newest generation's at {@link #newest}. */
    private final Chunk[] firstChunks;
    private final Chunk[] generations;
    /** Live entries of each live generation, so that detaching one is O(1). */
    private final int[] liveByBucket;
    private int newest;
    /** Written by {@link #touchSlots} only so the JIT cannot drop its loads. */
    private int touched;
    /** Rotations so far; a long never wraps, so a chunk's age is a subtraction. */
    private long generation;

    RotatingTable(int numBuckets) {
        this(numBuckets, true);
    }

    /**
     * @param shrinks whether the index is rehashed smaller once a rotation leaves it mostly empty;
     *     an owner that must bound every step (a lock hold) passes false, and the index then keeps
     *     the capacity of its largest size, as {@code java.util.HashMap} does
     */
    RotatingTable(int numBuckets, boolean shrinks) {
        if (numBuckets < 2) {
            throw new IllegalArgumentException("numBuckets must be at least 2, but was " + numBuckets);
        }
        this.numBuckets = numBuckets;
        this.shrinks = shrinks;
        this.liveByBucket = new int[numBuckets];
        this.firstChunks = new Chunk[numBuckets];
        this.generations = new Chunk[numBuckets];
        allocate(MIN_CAPACITY);
    }

    /** Receives the entries a rotation removed. */
    interface Sink<K, V> {
        void accept(K key, V value);
    }

    int size() {
        return size;
    }

    int numBuckets() {
        return numBuckets;
    }

    /** Slots of the index. */
    int capacity() {
        return capacity;
    }

    /** Keys in the index, dead ones not unindexed yet included; for tests. */
    int indexedKeys() {
        return indexed;
    }

    V get(Object key) {
        int slot = find(maskNull(key));
        return slot < 0 ? null : value(index[2 * slot + 1] - 1);
    }

    boolean containsKey(Object key) {
        return find(maskNull(key)) >= 0;
    }

    /** Stores the value in the newest generation; an existing key is renewed. */
    void put(K key, V value) {
        Object k = maskNull(key);
        int hash = hash(k);
        int slot = home(hash);
        int stored;
        while ((stored = index[2 * slot + 1]) != 0) {
            if (index[2 * slot] == hash) {
                int pos = stored - 1;
                Chunk c = chunks[pos >>> CHUNK_BITS];
                int e = 2 * (pos & OFFSET_MASK);
                Object found = c.entries[e];
                // A dead entry with this key is left to its unindexing, to be reported with its
                // value: the key is indexed again beside it.
                if (!isDead(c) && (found == k || found.equals(k))) {
                    if (c.generation == generation) {
                        // Skipping an identical store spares G1 a card to refine on every renewal.
                        if (c.entries[e + 1] != value) {
                            c.entries[e + 1] = value;
                        }
                    } else {
                        c.entries[e] = null;
                        c.entries[e + 1] = null;
                        c.live--;
                        liveByBucket[c.bucket]--;
                        index[2 * slot + 1] = append(k, value, hash) + 1;
                    }
                    return;
                }
            }
            slot = next(slot);
        }
        if (indexed >= resizeAt) {
            rehash(grownCapacity());
            slot = freeSlot(hash);
        }
        // The append may compact the newest chunk, rewriting positions but never freeing or
        // filling index slots: the free slot stays free.
        index[2 * slot] = hash;
        index[2 * slot + 1] = append(k, value, hash) + 1;
        size++;
        indexed++;
    }

    V remove(Object key) {
        int slot = find(maskNull(key));
        if (slot < 0) {
            return null;
        }
        int pos = index[2 * slot + 1] - 1;
        Chunk c = chunks[pos >>> CHUNK_BITS];
        int e = 2 * (pos & OFFSET_MASK);
        @SuppressWarnings("unchecked")
        V old = (V) c.entries[e + 1];
        c.entries[e] = null; // null stores cost G1 nothing
        c.entries[e + 1] = null;
        c.live--;
        liveByBucket[c.bucket]--;
        if (c == generations[newest] && (pos & OFFSET_MASK) == c.used - 1) {
            // Put-then-remove is the common life cycle: give back the tail (and the holes just
            // before it) instead of leaving holes for a compaction to move entries around.
            do {
                c.used--;
            } while (c.used > 0 && c.entries[2 * (c.used - 1)] == null);
        }
        removeSlot(slot);
        size--;
        return old;
    }

    /**
     * Starts a new generation and removes every entry put {@code numBuckets} or more generations
     * ago, handing each to {@code sink} as it goes, in put order (the sink must not touch this
     * table).
     *
     * @return how many entries were removed
     */
    int rotate(Sink<? super K, ? super V> sink) {
        int removed = 0;
        for (Chunk c = detachOldest(); c != null; c = unindex(c)) {
            Object[] entries = c.entries;
            for (int i = 0; i < c.used; i++) {
                Object k = entries[2 * i];
                if (k != null) {
                    sink.accept(unmaskNull(k), value(c, i));
                    removed++;
                }
            }
        }
        return removed;
    }

    /**
     * Starts a new generation and detaches the one that has lived through {@code numBuckets}, in
     * O(1): its entries are expired at once (no longer found or counted) but stay indexed until
     * {@link #unindex} is called for each of its chunks, in order.
     *
     * @return the first chunk of the detached generation, or null if it had no entries
     */
    Chunk detachOldest() {
        generation++;
        newest = newest + 1 == numBuckets ? 0 : newest + 1;
        Chunk first = firstChunks[newest];
        firstChunks[newest] = null;
        generations[newest] = null;
        size -= liveByBucket[newest];
        liveByBucket[newest] = 0;
        return first;
    }

    /** Whether a chunk's generation has been detached: its entries are expired, indexed or not. */
    private boolean isDead(Chunk c) {
        return generation - c.generation >= numBuckets;
    }

    /**
     * Takes a detached chunk's entries out of the index and gives back its id. Does not change
     * the chunk, so its entries can still be read.
     *
     * @return the next chunk of the detached generation, or null after the last
     */
    Chunk unindex(Chunk c) {
        touchSlots(c);
        Object[] entries = c.entries;
        int base = c.id << CHUNK_BITS;
        for (int i = 0; i < c.used; i++) {
            if (entries[2 * i] != null) {
                removeSlot(slotOf(c.hashes[i], base + i + 1));
            }
        }
        chunks[c.id] = null;
        freeId(c.id);
        // Give back memory after a burst.
        if (shrinks && c.newer == null && capacity > MIN_CAPACITY && indexed < resizeAt / 4) {
            rehash(Math.max(MIN_CAPACITY, capacityFor(indexed * 2)));
        }
        return c.newer;
    }

    /** Reads the entries of a detached generation, in put order; needs no lock once detached. */
    static <K, V> void forEach(Chunk first, Sink<? super K, ? super V> sink) {
        for (Chunk c = first; c != null; c = c.newer) {
            Object[] entries = c.entries;
            for (int i = 0; i < c.used; i++) {
                Object k = entries[2 * i];
                if (k != null) {
                    @SuppressWarnings("unchecked")
                    V value = (V) entries[2 * i + 1];
                    sink.accept(unmaskNull(k), value);
                }
            }
        }
    }

    /**
     * Reads the home slot of every entry of a chunk before any is removed. Java has no prefetch
     * instruction, but these loads do not depend on each other, so the CPU keeps many cache misses
     * in flight at once; the removals that follow, each of which would otherwise wait for its own
     * miss in a large index, then find their slots in cache. A chunk's slots fit in L2.
     */
    private void touchSlots(Chunk c) {
        int[] hashes = c.hashes;
        int acc = 0;
        for (int i = 0; i < c.used; i++) {
            acc += index[2 * home(hashes[i]) + 1];
        }
        touched = acc;
    }

    private int find(Object k) {
        int hash = hash(k);
        int stored;
        for (int slot = home(hash); (stored = index[2 * slot + 1]) != 0; slot = next(slot)) {
            if (index[2 * slot] == hash) {
                int pos = stored - 1;
                Chunk c = chunks[pos >>> CHUNK_BITS];
                Object found = c.entries[2 * (pos & OFFSET_MASK)];
                if (!isDead(c) && (found == k || found.equals(k))) {
                    return slot;
                }
            }
        }
        return -1;
    }

    /** The slot holding log position {@code stored - 1}, which must be indexed. */
    private int slotOf(int hash, int stored) {
        int slot = home(hash);
        while (index[2 * slot + 1] != stored) {
            slot = next(slot);
        }
        return slot;
    }

    private int freeSlot(int hash) {
        int slot = home(hash);
        while (index[2 * slot + 1] != 0) {
            slot = next(slot);
        }
        return slot;
    }

    /** Appends an entry to the newest generation; returns its log position. */
    private int append(Object k, Object value, int hash) {
        Chunk c = generations[newest];
        if (c == null) {
            c = newChunk(FIRST_CHUNK);
            firstChunks[newest] = c;
        } else if (c.used == c.length()) {
            if (c.live <= c.length() / 2) {
                compact(c); // moves at most one entry per append it makes room for
            } else {
                Chunk older = c;
                c = newChunk(Math.min(MAX_CHUNK, 2 * c.length()));
                older.newer = c;
            }
        }
        int i = c.used++;
        c.entries[2 * i] = k;
        c.entries[2 * i + 1] = value;
        c.hashes[i] = hash;
        c.live++;
        liveByBucket[newest]++;
        return c.id << CHUNK_BITS | i;
    }

    private Chunk newChunk(int length) {
        int id;
        if (freeIdCount > 0) {
            id = freeIds[--freeIdCount];
        } else {
            if (nextId > MAX_CHUNK_ID) {
                throw new IllegalStateException("too many entries");
            }
            id = nextId++;
            if (id == chunks.length) {
                chunks = Arrays.copyOf(chunks, 2 * id);
            }
        }
        // Allocated fresh, not recycled: a young chunk's appends skip G1's barrier entirely.
        Chunk c = new Chunk(id, generation, newest, length);
        chunks[id] = c;
        generations[newest] = c;
        return c;
    }

    private void freeId(int id) {
        if (freeIdCount == freeIds.length) {
            freeIds = Arrays.copyOf(freeIds, 2 * freeIdCount);
        }
        freeIds[freeIdCount++] = id;
    }

    /** Slides the live entries of a chunk to its front, repointing their index slots. */
    private void compact(Chunk c) {
        Object[] entries = c.entries;
        int base = c.id << CHUNK_BITS;
        int to = 0;
        for (int from = 0; from < c.used; from++) {
            Object k = entries[2 * from];
            if (k == null) {
                continue;
            }
            if (from != to) {
                entries[2 * to] = k;
                entries[2 * to + 1] = entries[2 * from + 1];
                entries[2 * from] = null;
                entries[2 * from + 1] = null;
                c.hashes[to] = c.hashes[from];
                index[2 * slotOf(c.hashes[from], base + from + 1) + 1] = base + to + 1;
            }
            to++;
        }
        c.used = to;
    }

    /**
     * Empties index {@code slot} and shifts back the later slots of its probe run that may move
     * closer to home, so no lookup ever meets a gap before its key.
     */
    private void removeSlot(int slot) {
        int hole = slot;
        int j = next(hole);
        int stored;
        while ((stored = index[2 * j + 1]) != 0) {
            int h = home(index[2 * j]);
            // Move slot j into the hole unless its home lies cyclically in (hole, j].
            boolean homeAfterHole = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
            if (!homeAfterHole) {
                index[2 * hole] = index[2 * j];
                index[2 * hole + 1] = stored;
                hole = j;
            }
            j = next(j);
        }
        index[2 * hole] = 0;
        index[2 * hole + 1] = 0;
        indexed--;
    }

    private static int hash(Object k) {
        int h = k.hashCode() * 0x9E3779B9;
        h ^= h >>> 15;
        return h * 0x85EBCA6B;
    }

    /** A mixed hash mapped onto [0, capacity) by multiplication, so any capacity works. */
    private int home(int hash) {
        return (int) (((hash & 0xFFFF_FFFFL) * capacity) >>> 32);
    }

    private int next(int slot) {
        return ++slot == capacity ? 0 : slot;
    }

    private V value(int pos) {
        return value(chunks[pos >>> CHUNK_BITS], pos & OFFSET_MASK);
    }

    @SuppressWarnings("unchecked")
    private V value(Chunk c, int i) {
        return (V) c.entries[2 * i + 1];
    }

    private int grownCapacity() {
        return (int) Math.min(Integer.MAX_VALUE / 2 - 8, capacity + (long) (capacity >>> 1));
    }

    private static int capacityFor(int entries) {
        return (int) Math.min(Integer.MAX_VALUE / 2 - 8, (long) Math.ceil(entries / MAX_LOAD) + 1);
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        resizeAt = (int) (newCapacity * MAX_LOAD);
        index = new int[2 * newCapacity];
    }

    private void rehash(int newCapacity) {
        int[] old = index;
        int oldCapacity = capacity;
        allocate(newCapacity);
        for (int i = 0; i < oldCapacity; i++) {
            int stored = old[2 * i + 1];
            if (stored != 0) {
                int slot = freeSlot(old[2 * i]);
                index[2 * slot] = old[2 * i];
                index[2 * slot + 1] = stored;
            }
        }
    }

    private static Object maskNull(Object key) {
        return key == null ? NULL_KEY : key;
    }

    @SuppressWarnings("unchecked")
    private static <K> K unmaskNull(Object k) {
        return k == NULL_KEY ? null : (K) k;
    }
}
