package dev.gale.impl.executor;

import java.util.Arrays;

/**
 * The (root, edge ids) pairs of a tuple anchored to many tuples, as {@link BoltCollector} builds
 * them: each anchor's edge id XORed into the entry of each of its roots. A window's emit anchors to
 * every tuple in the window, thousands or a million, each in a tree of its own: finding each root
 * by a walk over the pairs so far made such an emit quadratic, so past a few roots they are found
 * through an open-addressing table of their positions. Used on one thread, for one emit.
 */
final class RootPairs {
    /** Up to this many roots, a walk over the pairs is as quick as hashing. */
    private static final int LINEAR = 8;
    private long[] pairs;
    private int count;
    /** Position + 1 of each root's pair, by hash; 0 is empty. Null while there are few roots. */
    private int[] table;

    RootPairs(int expectedRoots) {
        pairs = new long[2 * Math.max(LINEAR, expectedRoots)];
    }

    /** XORs {@code edge} into {@code root}'s entry, adding the entry if it has none. */
    void add(long root, long edge) {
        int at = indexOf(root);
        if (at >= 0) {
            pairs[at + 1] ^= edge;
            return;
        }
        if (2 * count + 2 > pairs.length) {
            pairs = Arrays.copyOf(pairs, pairs.length * 2);
        }
        pairs[2 * count] = root;
        pairs[2 * count + 1] = edge;
        count++;
        if (table != null) {
            if (2 * count > table.length) {
                rehash(table.length * 2);
            } else {
                insert(table, root, count - 1);
            }
        } else if (count > LINEAR) {
            rehash(Integer.highestOneBit(Math.max(16, count * 4) - 1) << 1);
        }
    }

    /** The pairs, root then edge ids, in the order the roots came. */
    long[] toArray() {
        return Arrays.copyOf(pairs, 2 * count);
    }

    private int indexOf(long root) {
        if (table == null) {
            for (int i = 0; i < count; i++) {
                if (pairs[2 * i] == root) {
                    return 2 * i;
                }
            }
            return -1;
        }
        int mask = table.length - 1;
        for (int s = slot(root, mask); ; s = (s + 1) & mask) {
            int p = table[s];
            if (p == 0) {
                return -1;
            }
            if (pairs[2 * (p - 1)] == root) {
                return 2 * (p - 1);
            }
        }
    }

    private void rehash(int capacity) {
        int[] t = new int[capacity];
        for (int i = 0; i < count; i++) {
            insert(t, pairs[2 * i], i);
        }
        table = t;
    }

    private static void insert(int[] t, long root, int position) {
        int mask = t.length - 1;
        int s = slot(root, mask);
        while (t[s] != 0) {
            s = (s + 1) & mask;
        }
        t[s] = position + 1;
    }

    /** Roots count up from a random start in their low bits: mixed, so that neighbours spread. */
    private static int slot(long root, int mask) {
        long h = root * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
