package dev.gale.utils;

import java.util.HashMap;
import java.util.Map;

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
 * number of buckets, and renewing an entry allocates nothing.
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

    private final RotatingIndex<K, V> index;
    private final ExpiredCallback<K, V> callback;

    /**
     * @param numBuckets at least 2
     * @param callback called for every expired entry; may be null
     * @throws IllegalArgumentException if {@code numBuckets < 2}
     */
    public RotatingMap(int numBuckets, ExpiredCallback<K, V> callback) {
        this.index = new RotatingIndex<>(numBuckets);
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
        int sizeBefore = index.size();
        RotatingIndex.Node<K, V> first = index.detachOldest();
        int dropped = sizeBefore - index.size();
        Map<K, V> expired = new HashMap<>(capacityFor(dropped));
        for (RotatingIndex.Node<K, V> n = first; n != null; n = n.next) {
            index.unindex(n);
            expired.put(n.key, n.value);
        }
        if (callback != null) {
            for (RotatingIndex.Node<K, V> n = first; n != null; n = n.next) {
                callback.expire(n.key, n.value);
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

    private static int capacityFor(int entries) {
        return (int) Math.min(1L << 30, (long) Math.ceil(entries / 0.75) + 1);
    }
}
