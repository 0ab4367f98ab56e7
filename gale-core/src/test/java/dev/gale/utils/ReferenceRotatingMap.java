package dev.gale.utils;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The obviously-correct model of a rotating map: a list of hash maps, newest first, searched one
 * by one. Slow, and that is the point. Buckets keep put order (a re-put in the newest bucket keeps
 * its place; a removed key put again goes last), the order in which Gale reports expired entries.
 */
final class ReferenceRotatingMap<K, V> {
    private final Deque<Map<K, V>> buckets = new ArrayDeque<>();

    ReferenceRotatingMap(int numBuckets) {
        for (int i = 0; i < numBuckets; i++) {
            buckets.addFirst(new LinkedHashMap<>());
        }
    }

    Map<K, V> rotate() {
        Map<K, V> dead = buckets.removeLast();
        buckets.addFirst(new LinkedHashMap<>());
        return dead;
    }

    void put(K key, V value) {
        buckets.getFirst().put(key, value);
        boolean newest = true;
        for (Map<K, V> bucket : buckets) {
            if (!newest) {
                bucket.remove(key);
            }
            newest = false;
        }
    }

    boolean containsKey(K key) {
        for (Map<K, V> bucket : buckets) {
            if (bucket.containsKey(key)) {
                return true;
            }
        }
        return false;
    }

    V get(K key) {
        for (Map<K, V> bucket : buckets) {
            if (bucket.containsKey(key)) {
                return bucket.get(key);
            }
        }
        return null;
    }

    V remove(K key) {
        for (Map<K, V> bucket : buckets) {
            if (bucket.containsKey(key)) {
                return bucket.remove(key);
            }
        }
        return null;
    }

    int size() {
        int size = 0;
        for (Map<K, V> bucket : buckets) {
            size += bucket.size();
        }
        return size;
    }
}
