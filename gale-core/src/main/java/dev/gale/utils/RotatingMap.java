package dev.gale.utils;

import java.util.AbstractMap;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A map whose entries expire after a number of {@link #rotate() rotations}, for timeouts driven
 * by the owner's own clock or tick (e.g. pending tuples rotated on every tick tuple).
 *
 * <p>Entries live in {@code numBuckets} generations. {@link #put} stores into the newest one and
 * renews a key already present; {@link #rotate} drops the oldest generation. So an entry expires
 * on the {@code numBuckets}-th rotation after its last put: put just after a rotation, it lives
 * {@code numBuckets} rotation periods; put just before one, {@code numBuckets - 1}.
 *
 * <p>Unlike a list of hash maps, every lookup and removal costs one hash lookup whatever the
 * number of buckets, and puts allocate no per-entry nodes: entries are appended to chunked
 * per-generation logs (12 bytes an entry, allocated a chunk at a time) and found through one
 * open-addressing index of {@code int}s, so that under G1 a put stores references only next to
 * the previous put, never into a random card of a big table. A rotation drops the oldest
 * generation's chunks, in time proportional to the entries it drops.
 *
 * <p>Not thread-safe: the owner must confine it to one thread or lock around it. Null values
 * are allowed (as in a {@link HashMap}); then {@link #get} cannot tell them from absence.
 */
public class RotatingMap<K, V> {

    /** The default number of buckets. */
    static final int DEFAULT_NUM_BUCKETS = 3;

    /**
     * Told about every entry a rotation drops.
     *
     * @param <K> key type
     * @param <V> value type
     */
    @FunctionalInterface
    public interface ExpiredCallback<K, V> {
        /** Called once for each expired entry, with the value it held when it expired. */
        void expire(K key, V val);
    }

    private final RotatingTable<K, V> index;
    private final ExpiredCallback<K, V> callback;
    /** Sizes the next rotation's buffer, so that a steady rotation copies nothing. */
    private int lastDropped;

    /**
     * @param numBuckets at least 2
     * @param callback called for every expired entry; may be null
     * @throws IllegalArgumentException if {@code numBuckets < 2}
     */
    public RotatingMap(int numBuckets, ExpiredCallback<K, V> callback) {
        this.index = new RotatingTable<>(numBuckets);
        this.callback = callback;
    }

    /** A map of {@value #DEFAULT_NUM_BUCKETS} buckets. */
    public RotatingMap(ExpiredCallback<K, V> callback) {
        this(DEFAULT_NUM_BUCKETS, callback);
    }

    /** A map without callback; read expired entries from {@link #rotate()}'s result. */
    public RotatingMap(int numBuckets) {
        this(numBuckets, null);
    }

    /**
     * Drops the oldest bucket, calls the callback for each of its entries, and returns them.
     *
     * <p>The map is fully rotated before the first callback runs, so a callback may use the map
     * (e.g. put the key back). If a callback throws, the exception propagates and the remaining
     * entries of this rotation are not reported.
     *
     * @return the expired entries, owned by the caller
     */
    public Map<K, V> rotate() {
        ExpiredMap<K, V> expired = new ExpiredMap<>(lastDropped + (lastDropped >>> 3));
        lastDropped = index.rotate(expired);
        if (callback != null) {
            for (int i = 0; i < expired.count; i++) {
                callback.expire(expired.key(i), expired.value(i));
            }
        }
        return expired;
    }

    public boolean containsKey(K key) {
        return index.containsKey(key);
    }

    /** The value of a live entry, or null. */
    public V get(K key) {
        return index.get(key);
    }

    /** Stores or renews an entry: it expires on the {@code numBuckets}-th rotation from now. */
    public void put(K key, V value) {
        index.put(key, value);
    }

    /** Removes an entry without reporting it expired; returns its value, or null if absent. */
    public V remove(K key) {
        return index.remove(key);
    }

    /** Number of live entries, in O(1). */
    public int size() {
        return index.size();
    }

    /**
     * The result of a rotation: the expired entries in a flat array, turned into a {@link HashMap}
     * only if the caller does more than iterate over it or ask its size, since most callers use
     * the callback and drop the result.
     */
    private static final class ExpiredMap<K, V> extends AbstractMap<K, V>
            implements RotatingTable.Sink<K, V> {
        /** Key of entry i at 2i, its value at 2i + 1. */
        private Object[] entries;
        int count;
        private HashMap<K, V> map;

        ExpiredMap(int expectedEntries) {
            entries = new Object[2 * Math.max(4, expectedEntries)];
        }

        @Override
        public void accept(K key, V value) {
            if (2 * count == entries.length) {
                entries = Arrays.copyOf(entries, 2 * entries.length);
            }
            entries[2 * count] = key;
            entries[2 * count + 1] = value;
            count++;
        }

        @SuppressWarnings("unchecked")
        K key(int i) {
            return (K) entries[2 * i];
        }

        @SuppressWarnings("unchecked")
        V value(int i) {
            return (V) entries[2 * i + 1];
        }

        private HashMap<K, V> map() {
            if (map == null) {
                map = new HashMap<>((int) Math.min(1L << 30, (long) Math.ceil(count / 0.75) + 1));
                for (int i = 0; i < count; i++) {
                    map.put(key(i), value(i));
                }
                entries = null;
            }
            return map;
        }

        @Override
        public int size() {
            return map == null ? count : map.size();
        }

        @Override
        public boolean isEmpty() {
            return size() == 0;
        }

        @Override
        public Set<Entry<K, V>> entrySet() {
            return map().entrySet();
        }

        @Override
        public Set<K> keySet() {
            return map().keySet();
        }

        @Override
        public Collection<V> values() {
            return map().values();
        }

        @Override
        public V get(Object key) {
            return map().get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return map().containsKey(key);
        }

        @Override
        public V put(K key, V value) {
            return map().put(key, value);
        }

        @Override
        public V remove(Object key) {
            return map().remove(key);
        }

        @Override
        public void clear() {
            map().clear();
        }
    }
}
