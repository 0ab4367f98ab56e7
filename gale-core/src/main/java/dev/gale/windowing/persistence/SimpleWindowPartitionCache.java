package dev.gale.windowing.persistence;

import java.util.Objects;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A {@link WindowPartitionCache} that, when full, evicts the unpinned entry with the largest key:
 * windows are scanned oldest partition first, so the newest partitions are the last to be read
 * again. Thread-safe, as Storm's: each call holds the cache's lock, so a key missing from the cache
 * is loaded once even when threads ask for it together (Gale itself uses it from the window's thread
 * only). {@link #asMap()} is a live concurrent view.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class SimpleWindowPartitionCache<K, V> implements WindowPartitionCache<K, V> {
    /** Sorted, so the largest key is found at once; concurrent only because {@link #asMap()} promises a ConcurrentMap. */
    private final ConcurrentSkipListMap<K, V> entries = new ConcurrentSkipListMap<>();
    private final PinCounts<K> pins = new PinCounts<>();
    private final long capacity;
    private final RemovalListener<K, V> listener;
    private final CacheLoader<K, V> loader;

    private SimpleWindowPartitionCache(long capacity, RemovalListener<K, V> listener, CacheLoader<K, V> loader) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("maximumSize must be greater than 0");
        }
        this.capacity = capacity;
        this.listener = listener;
        this.loader = Objects.requireNonNull(loader, "cache loader");
    }

    public static <K, V> SimpleWindowPartitionCacheBuilder<K, V> newBuilder() {
        return new SimpleWindowPartitionCacheBuilder<>();
    }

    @Override
    public synchronized V get(K key) {
        return cachedOrLoaded(key);
    }

    @Override
    public synchronized V pinAndGet(K key) {
        V value = cachedOrLoaded(key);
        pins.pin(key);
        return value;
    }

    @Override
    public synchronized boolean unpin(K key) {
        return pins.unpin(key);
    }

    @Override
    public ConcurrentMap<K, V> asMap() {
        return entries;
    }

    /** Drops {@code key}'s entry, unless it is pinned. */
    @Override
    public synchronized void invalidate(K key) {
        if (!pins.isPinned(key)) {
            V dropped = entries.remove(key);
            if (dropped != null) {
                tellRemoved(key, dropped, RemovalCause.EXPLICIT);
            }
        }
    }

    private V cachedOrLoaded(K key) {
        V cached = entries.get(key);
        if (cached != null) {
            return cached;
        }
        V loaded = loader.load(key);
        if (loaded == null) {
            throw new NullPointerException("the cache loader gave no value for key " + key);
        }
        makeRoom();
        entries.put(key, loaded);
        return loaded;
    }

    /** When full, evicts the unpinned entry with the largest key (if every entry is pinned, the cache outgrows its size). */
    private void makeRoom() {
        if (entries.size() < capacity) {
            return;
        }
        for (K key : entries.descendingKeySet()) {
            if (!pins.isPinned(key)) {
                tellRemoved(key, entries.remove(key), RemovalCause.REPLACED);
                return;
            }
        }
    }

    private void tellRemoved(K key, V value, RemovalCause cause) {
        if (listener != null) {
            listener.onRemoval(key, value, cause);
        }
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
