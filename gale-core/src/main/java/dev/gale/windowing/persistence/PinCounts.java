package dev.gale.windowing.persistence;

import java.util.HashMap;
import java.util.Map;

/**
 * How many times each key is pinned: a pinned entry of a {@link SimpleWindowPartitionCache} is
 * never evicted. A key is pinned while its count is above zero; keys that are not pinned are not
 * kept. Not thread-safe: {@link SimpleWindowPartitionCache} calls it holding its own lock.
 *
 * @param <K> the key type
 */
final class PinCounts<K> {
    private final Map<K, Long> counts = new HashMap<>();

    void pin(K key) {
        counts.merge(key, 1L, Long::sum);
    }

    /** Takes one pin off {@code key}; false if it had none. */
    boolean unpin(K key) {
        Long pins = counts.get(key);
        if (pins == null) {
            return false;
        }
        if (pins > 1) {
            counts.put(key, pins - 1);
        } else {
            counts.remove(key);
        }
        return true;
    }

    boolean isPinned(K key) {
        return counts.containsKey(key);
    }
}
