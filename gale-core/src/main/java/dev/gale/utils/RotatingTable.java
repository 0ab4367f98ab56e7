package dev.gale.utils;

/**
 * The storage of {@link RotatingMap}: one open-addressing hash table (linear probing, deletion by
 * backward shift, so no tombstones) of two arrays, key and value in one, hash and generation in the
 * other: 16 bytes a slot instead of a hash-map node plus a list node per entry.
 *
 * <p>An entry's generation is the number of rotations done when it was last put. A rotation
 * starts a new generation and removes, in one pass over the table, every entry that has lived
 * through {@code numBuckets} generations. That pass is O(capacity), which suits an owner that
 * rotates on a tick; {@link TimeCacheMap}, which must rotate in O(1) under its lock, keeps
 * {@link RotatingIndex}. Since a rotation removes what it expires before returning, every entry
 * in the table is live: lookups never check generations.
 *
 * <p>Cost to know about: with G1, a put into a large table (an old-generation array) dirties a
 * random card that concurrent refinement must rescan, so at about a million entries a put costs
 * more than in a list of HashMaps (whose puts store into young nodes); with Parallel GC, or at
 * tens of thousands of entries, it costs less. See the README's collections benchmark.
 *
 * <p>Not thread-safe.
 */
final class RotatingTable<K, V> {
    /** Keeps probe runs short: at most 0.75 full; a table grows by half, so it is 0.5 to 0.75 full. */
    private static final double MAX_LOAD = 0.75;
    private static final int MIN_CAPACITY = 16;
    /** Stands for the null key, since a null slot means an empty one. */
    private static final Object NULL_KEY = new Object();

    private final int numBuckets;
    /**
     * Key of slot i at 2i, its value at 2i + 1: one cache line and one card (the unit G1's write
     * barrier dirties and its refinement rescans) per put instead of two.
     */
    private Object[] table;
    /**
     * Hash of slot i at 2i, its generation at 2i + 1. The stored hash spares probes and shifts a
     * dereference of every key they pass (a cache miss each in a big table); the rotation scan
     * reads only this array until it finds a dead entry.
     */
    private int[] meta;
    private int capacity;
    private int resizeAt;
    private int size;
    /** Rotations so far; wraps around harmlessly, since only differences below numBuckets matter. */
    private int generation;

    RotatingTable(int numBuckets) {
        if (numBuckets < 2) {
            throw new IllegalArgumentException("numBuckets must be at least 2, but was " + numBuckets);
        }
        this.numBuckets = numBuckets;
        allocate(MIN_CAPACITY);
    }

    /** Receives the entries a rotation removed. */
    interface Sink<K, V> {
        void accept(K key, V value);
    }

    int size() {
        return size;
    }

    int capacity() {
        return capacity;
    }

    V get(Object key) {
        int slot = find(maskNull(key));
        return slot < 0 ? null : value(slot);
    }

    boolean containsKey(Object key) {
        return find(maskNull(key)) >= 0;
    }

    /** Stores the value in the newest generation; an existing key is renewed in place. */
    void put(K key, V value) {
        Object k = maskNull(key);
        int hash = hash(k);
        int slot = home(hash);
        Object found;
        while ((found = table[2 * slot]) != null) {
            if (found == k || (meta[2 * slot] == hash && found.equals(k))) {
                // Skipping an identical store spares G1 a card to refine on every renewal.
                if (table[2 * slot + 1] != value) {
                    table[2 * slot + 1] = value;
                }
                meta[2 * slot + 1] = generation;
                return;
            }
            slot = next(slot);
        }
        if (size >= resizeAt) {
            rehash(grownCapacity());
            put(key, value);
            return;
        }
        table[2 * slot] = k;
        table[2 * slot + 1] = value;
        meta[2 * slot] = hash;
        meta[2 * slot + 1] = generation;
        size++;
    }

    V remove(Object key) {
        int slot = find(maskNull(key));
        if (slot < 0) {
            return null;
        }
        V old = value(slot);
        removeAt(slot);
        return old;
    }

    /**
     * Starts a new generation and removes every entry put {@code numBuckets} or more generations
     * ago, handing each to {@code sink} as it goes (the sink must not touch this table).
     *
     * @return how many entries were removed
     */
    int rotate(Sink<? super K, ? super V> sink) {
        generation++;
        int before = size;
        if (before > 0) {
            for (int slot = 0; slot < capacity; slot++) {
                // A removal may shift a later entry into this slot: look at it again.
                Object k;
                while (generation - meta[2 * slot + 1] >= numBuckets && (k = table[2 * slot]) != null) {
                    sink.accept(unmaskNull(k), value(slot));
                    removeAt(slot);
                }
            }
        }
        // Give back memory after a burst, so rotations do not keep scanning a mostly empty table.
        if (capacity > MIN_CAPACITY && size < resizeAt / 4) {
            rehash(Math.max(MIN_CAPACITY, capacityFor(size * 2)));
        }
        return before - size;
    }

    private int find(Object k) {
        int hash = hash(k);
        int slot = home(hash);
        Object found;
        while ((found = table[2 * slot]) != null) {
            if (found == k || (meta[2 * slot] == hash && found.equals(k))) {
                return slot;
            }
            slot = next(slot);
        }
        return -1;
    }

    /**
     * Empties {@code slot} and shifts back the later entries of its probe run that may move
     * closer to home, so no lookup ever meets a gap before its key.
     */
    private void removeAt(int slot) {
        int hole = slot;
        int j = next(hole);
        Object k;
        while ((k = table[2 * j]) != null) {
            int h = home(meta[2 * j]);
            // Move k into the hole unless its home lies cyclically in (hole, j].
            boolean homeAfterHole = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
            if (!homeAfterHole) {
                table[2 * hole] = k;
                table[2 * hole + 1] = table[2 * j + 1];
                meta[2 * hole] = meta[2 * j];
                meta[2 * hole + 1] = meta[2 * j + 1];
                hole = j;
            }
            j = next(j);
        }
        table[2 * hole] = null;
        table[2 * hole + 1] = null;
        size--;
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

    @SuppressWarnings("unchecked")
    private V value(int slot) {
        return (V) table[2 * slot + 1];
    }

    private int grownCapacity() {
        return (int) Math.min(Integer.MAX_VALUE - 8, capacity + (long) (capacity >>> 1));
    }

    private static int capacityFor(int entries) {
        return (int) Math.min(Integer.MAX_VALUE - 8, (long) Math.ceil(entries / MAX_LOAD) + 1);
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        resizeAt = (int) (newCapacity * MAX_LOAD);
        table = new Object[2 * newCapacity];
        meta = new int[2 * newCapacity];
    }

    private void rehash(int newCapacity) {
        Object[] oldTable = table;
        int[] oldMeta = meta;
        int oldCapacity = capacity;
        allocate(newCapacity);
        for (int i = 0; i < oldCapacity; i++) {
            Object k = oldTable[2 * i];
            if (k != null) {
                int slot = home(oldMeta[2 * i]);
                while (table[2 * slot] != null) {
                    slot = next(slot);
                }
                table[2 * slot] = k;
                table[2 * slot + 1] = oldTable[2 * i + 1];
                meta[2 * slot] = oldMeta[2 * i];
                meta[2 * slot + 1] = oldMeta[2 * i + 1];
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
