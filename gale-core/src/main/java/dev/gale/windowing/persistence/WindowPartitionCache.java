package dev.gale.windowing.persistence;

import java.util.concurrent.ConcurrentMap;

/**
 * A loading cache of window partitions ({@link WindowState.WindowPartition}) that evicts entries
 * past a maximum size, except pinned ones.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public interface WindowPartitionCache<K, V> {
    /** The value of {@code key}, loaded if not cached. */
    V get(K key);

    /** Same, pinning the entry so it is not evicted until {@link #unpin}ned as often. */
    V pinAndGet(K key);

    /** Unpins an entry once; true if it was pinned. */
    boolean unpin(K key);

    /** The entries cached now. */
    ConcurrentMap<K, V> asMap();

    /** Removes an entry unless it is pinned. */
    void invalidate(K key);

    /** Why an entry left the cache. */
    enum RemovalCause {
        /** It was invalidated. */
        EXPLICIT,
        /** It was evicted to make room. */
        REPLACED
    }

    /** Told of each entry that leaves the cache. */
    interface RemovalListener<K, V> {
        void onRemoval(K key, V val, RemovalCause removalCause);
    }

    /** Loads an entry that is not cached. */
    interface CacheLoader<K, V> {
        V load(K key);
    }

    /** Builds a cache. */
    interface Builder<K, V> {
        Builder<K, V> maximumSize(long size);

        Builder<K, V> removalListener(RemovalListener<K, V> listener);

        WindowPartitionCache<K, V> build(CacheLoader<K, V> loader);
    }
}
