package dev.gale.utils;

import java.util.HashMap;

/**
 * The storage shared by {@link RotatingMap} and {@link TimeCacheMap}: a ring of buckets where
 * every key is found with one hash lookup, whatever the number of buckets.
 *
 * <p>One {@link HashMap} indexes key to {@link Node}; the node carries the generation (the
 * number of rotations done when it was last put) and is linked into its bucket's intrusive
 * doubly-linked list. A node is live while its generation is one of the newest
 * {@code numBuckets}, so after {@link #detachOldest()} the dropped nodes are dead at once, even
 * though they stay in the index until the owner calls {@link #unindex} for each of them. That is
 * what lets {@link TimeCacheMap} rotate in O(1) under its lock and clean the index afterwards.
 *
 * <p>Invariant the owners rely on: once detached, a node is never written again (put and remove
 * leave dead nodes alone), so a detached chain can be walked without holding any lock by the
 * thread that detached it.
 *
 * <p>Not thread-safe.
 */
final class RotatingIndex<K, V> {

    /** One entry; also its own link in the bucket list. */
    static final class Node<K, V> {
        final K key;
        V value;
        long generation;
        Node<K, V> prev;
        /** Next in the bucket; in a detached chain, null after the last node. */
        Node<K, V> next;

        Node(K key, V value, long generation) {
            this.key = key;
            this.value = value;
            this.generation = generation;
        }
    }

    private final int numBuckets;
    private final HashMap<K, Node<K, V>> index = new HashMap<>();
    /** Circular list heads, one per bucket; bucket of generation g is at g % numBuckets. */
    private final Node<K, V>[] sentinels;
    private final int[] counts;
    /** Number of rotations so far; new puts go to this generation. */
    private long generation;
    private int size;

    RotatingIndex(int numBuckets) {
        if (numBuckets < 2) {
            throw new IllegalArgumentException("numBuckets must be at least 2, but was " + numBuckets);
        }
        this.numBuckets = numBuckets;
        @SuppressWarnings("unchecked")
        Node<K, V>[] heads = (Node<K, V>[]) new Node<?, ?>[numBuckets];
        for (int i = 0; i < numBuckets; i++) {
            Node<K, V> sentinel = new Node<>(null, null, -1);
            sentinel.prev = sentinel;
            sentinel.next = sentinel;
            heads[i] = sentinel;
        }
        this.sentinels = heads;
        this.counts = new int[numBuckets];
    }

    V get(Object key) {
        Node<K, V> n = index.get(key);
        return n != null && isLive(n) ? n.value : null;
    }

    boolean containsKey(Object key) {
        Node<K, V> n = index.get(key);
        return n != null && isLive(n);
    }

    int size() {
        return size;
    }

    /** Stores the value in the newest bucket; an existing live key moves there (is renewed). */
    void put(K key, V value) {
        Node<K, V> n = index.get(key);
        if (n != null && isLive(n)) {
            n.value = value;
            if (n.generation != generation) {
                unlink(n);
                counts[slot(n.generation)]--;
                n.generation = generation;
                linkNewest(n);
            }
            return;
        }
        // A dead node still indexed belongs to a detached chain its owner is expiring: leave it
        // untouched (it must still be reported with its old value) and index a fresh node.
        n = new Node<>(key, value, generation);
        index.put(key, n);
        linkNewest(n);
        size++;
    }

    /** Removes a live key and returns its value; null if absent or already expired. */
    V remove(Object key) {
        Node<K, V> n = index.remove(key);
        if (n == null || !isLive(n)) {
            // Unindexing a dead node early is harmless: its owner's unindex becomes a no-op.
            return null;
        }
        unlink(n);
        counts[slot(n.generation)]--;
        size--;
        return n.value;
    }

    /**
     * Starts a new generation and detaches the oldest bucket, in O(1). Its nodes are dead from
     * now on but stay indexed until {@link #unindex} is called for each.
     *
     * @return the first node of the dropped bucket, chained through {@link Node#next} and ending
     *     with null, in put order; null if the bucket was empty
     */
    Node<K, V> detachOldest() {
        generation++;
        int slot = slot(generation);
        size -= counts[slot];
        counts[slot] = 0;
        Node<K, V> sentinel = sentinels[slot];
        if (sentinel.next == sentinel) {
            return null;
        }
        Node<K, V> first = sentinel.next;
        sentinel.prev.next = null;
        first.prev = null;
        sentinel.next = sentinel;
        sentinel.prev = sentinel;
        return first;
    }

    /** Drops a detached node from the index unless its key has been put again since. */
    void unindex(Node<K, V> deadNode) {
        index.remove(deadNode.key, deadNode);
    }

    /** Number of keys in the index, dead ones not yet unindexed included; for tests. */
    int indexedKeys() {
        return index.size();
    }

    private boolean isLive(Node<K, V> n) {
        return n.generation > generation - numBuckets;
    }

    private int slot(long gen) {
        return (int) (gen % numBuckets);
    }

    private void linkNewest(Node<K, V> n) {
        Node<K, V> sentinel = sentinels[slot(generation)];
        n.prev = sentinel.prev;
        n.next = sentinel;
        sentinel.prev.next = n;
        sentinel.prev = n;
        counts[slot(generation)]++;
    }

    private static <K, V> void unlink(Node<K, V> n) {
        n.prev.next = n.next;
        n.next.prev = n.prev;
        n.prev = null;
        n.next = null;
    }
}
