package dev.gale.windowing.persistence;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A {@link WindowPartitionCache} that, when full, evicts the unpinned entry with the largest key:
 * windows are scanned oldest partition first, so the newest partitions are the last to be read
 * again. Thread-safe, as Storm's: a key missing from the cache is loaded once even when threads
 * ask for it together (Gale itself reads it from the window's thread only).
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class SimpleWindowPartitionCache<K, V> implements WindowPartitionCache<K, V> {
    private final ConcurrentSkipListMap<K, V> map = new ConcurrentSkipListMap<>();
    private final Map<K, Long> pinned = new HashMap<>();
    private final long maximumSize;
    private final RemovalListener<K, V> removalListener;
    private final CacheLoader<K, V> cacheLoader;

    private SimpleWindowPartitionCache(long maximumSize, RemovalListener<K, V> removalListener, CacheLoader<K, V> cacheLoader) {
        if (maximumSize <= 0) {
            throw new IllegalArgumentException("maximumSize must be greater than 0");
        }
        this.maximumSize = maximumSize;
        this.removalListener = removalListener;
        this.cacheLoader = Objects.requireNonNull(cacheLoader);
    }

    public static <K, V> SimpleWindowPartitionCacheBuilder<K, V> newBuilder() {
        return new SimpleWindowPartitionCacheBuilder<>();
    }

    @Override
    public synchronized V get(K key) {
        return load(key);
    }

    @Override
    public synchronized V pinAndGet(K key) {
        V val = load(key);
        pinned.merge(key, 1L, Long::sum);
        return val;
    }

    @Override
    public synchronized boolean unpin(K key) {
        Long val = pinned.computeIfPresent(key, (k, v) -> v - 1);
        if (val == null) {
            return false;
        }
        if (val <= 0) {
            pinned.remove(key);
        }
        return true;
    }

    @Override
    public ConcurrentMap<K, V> asMap() {
        return map;
    }

    @Override
    public synchronized void invalidate(K key) {
        if (isPinned(key)) {
            return;
        }
        V val = map.remove(key);
        if (val != null && removalListener != null) {
            removalListener.onRemoval(key, val, RemovalCause.EXPLICIT);
        }
    }

    private V load(K key) {
        V val = map.get(key);
        if (val == null) {
            val = cacheLoader.load(key);
            if (val == null) {
                throw new NullPointerException("Null value for key " + key);
            }
            ensureCapacity();
            map.put(key, val);
        }
        return val;
    }

    private void ensureCapacity() {
        if (map.size() < maximumSize) {
            return;
        }
        Iterator<Map.Entry<K, V>> it = map.descendingMap().entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<K, V> next = it.next();
            if (!isPinned(next.getKey())) {
                it.remove();
                if (removalListener != null) {
                    removalListener.onRemoval(next.getKey(), next.getValue(), RemovalCause.REPLACED);
                }
                return;
            }
        }
    }

    private boolean isPinned(K key) {
        return pinned.getOrDefault(key, 0L) > 0;
    }

    /** Builds a {@link SimpleWindowPartitionCache}. Not thread-safe. */
    public static class SimpleWindowPartitionCacheBuilder<K, V> implements WindowPartitionCache.Builder<K, V> {
        private long maximumSize;
        private RemovalListener<K, V> removalListener;

        @Override
        public SimpleWindowPartitionCacheBuilder<K, V> maximumSize(long size) {
            maximumSize = size;
            return this;
        }

        @Override
        public SimpleWindowPartitionCacheBuilder<K, V> removalListener(RemovalListener<K, V> listener) {
            removalListener = listener;
            return this;
        }

        @Override
        public SimpleWindowPartitionCache<K, V> build(CacheLoader<K, V> loader) {
            return new SimpleWindowPartitionCache<>(maximumSize, removalListener, loader);
        }
    }
}
