package dev.gale.tuple;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The tracking identity of a tuple: for every spout tuple tree (root id) the tuple belongs to,
 * the XOR of the edge ids that lead to it. Empty for untracked tuples.
 *
 * <p>Immutable and thread-safe.
 */
public final class MessageId {
    private static final MessageId UNANCHORED = new MessageId(0, 0, 0, null);

    // Most tuples belong to one tree: its root and id sit in fields, with no array to allocate.
    private final int count;
    private final long root0;
    private final long id0;
    /** Pairs {@code root0, id0, root1, id1, ...} when there are two trees or more; roots are distinct. */
    private final long[] rootsAndIds;

    private MessageId(int count, long root0, long id0, long[] rootsAndIds) {
        this.count = count;
        this.root0 = root0;
        this.id0 = id0;
        this.rootsAndIds = rootsAndIds;
    }

    /** The id of an untracked tuple. */
    public static MessageId makeUnanchored() {
        return UNANCHORED;
    }

    /** A message id in a single tree. */
    public static MessageId makeRootId(long root, long id) {
        return new MessageId(1, root, id, null);
    }

    /**
     * A message id from pairs {@code root, id, root, id, ...} with distinct roots. The array is
     * owned by the message id afterwards.
     */
    public static MessageId ofPairs(long[] rootsAndIds) {
        int n = rootsAndIds.length >>> 1;
        if (n == 0) {
            return UNANCHORED;
        }
        return n == 1 ? makeRootId(rootsAndIds[0], rootsAndIds[1]) : new MessageId(n, 0, 0, rootsAndIds);
    }

    /** How many trees the tuple belongs to. */
    public int rootCount() {
        return count;
    }

    public long root(int i) {
        return rootsAndIds == null ? root0 : rootsAndIds[i << 1];
    }

    public long id(int i) {
        return rootsAndIds == null ? id0 : rootsAndIds[(i << 1) + 1];
    }

    /** The root ids of every tree the tuple belongs to. */
    public Set<Long> getAnchors() {
        return getAnchorsToIds().keySet();
    }

    /** Root id to edge-id XOR, as Storm exposes it. A fresh map on each call. */
    public Map<Long, Long> getAnchorsToIds() {
        if (count == 0) {
            return Collections.emptyMap();
        }
        Map<Long, Long> m = new HashMap<>();
        for (int i = 0; i < count; i++) {
            m.put(root(i), id(i));
        }
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageId && getAnchorsToIds().equals(((MessageId) o).getAnchorsToIds());
    }

    @Override
    public int hashCode() {
        return getAnchorsToIds().hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(Long.toHexString(root(i))).append('=').append(Long.toHexString(id(i)));
        }
        return sb.append('}').toString();
    }
}
