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
    private static final long[] NONE = new long[0];
    private static final MessageId UNANCHORED = new MessageId(NONE);

    /** Pairs {@code root0, id0, root1, id1, ...}; roots are distinct. */
    private final long[] rootsAndIds;

    private MessageId(long[] rootsAndIds) {
        this.rootsAndIds = rootsAndIds;
    }

    /** The id of an untracked tuple. */
    public static MessageId makeUnanchored() {
        return UNANCHORED;
    }

    /** A message id in a single tree. */
    public static MessageId makeRootId(long root, long id) {
        return new MessageId(new long[] {root, id});
    }

    /**
     * A message id from pairs {@code root, id, root, id, ...} with distinct roots. The array is
     * owned by the message id afterwards.
     */
    public static MessageId ofPairs(long[] rootsAndIds) {
        return rootsAndIds.length == 0 ? UNANCHORED : new MessageId(rootsAndIds);
    }

    /** How many trees the tuple belongs to. */
    public int rootCount() {
        return rootsAndIds.length >>> 1;
    }

    public long root(int i) {
        return rootsAndIds[i << 1];
    }

    public long id(int i) {
        return rootsAndIds[(i << 1) + 1];
    }

    /** The root ids of every tree the tuple belongs to. */
    public Set<Long> getAnchors() {
        return getAnchorsToIds().keySet();
    }

    /** Root id to edge-id XOR, as Storm exposes it. A fresh map on each call. */
    public Map<Long, Long> getAnchorsToIds() {
        if (rootsAndIds.length == 0) {
            return Collections.emptyMap();
        }
        Map<Long, Long> m = new HashMap<>();
        for (int i = 0; i < rootsAndIds.length; i += 2) {
            m.put(rootsAndIds[i], rootsAndIds[i + 1]);
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
        for (int i = 0; i < rootsAndIds.length; i += 2) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(Long.toHexString(rootsAndIds[i])).append('=').append(Long.toHexString(rootsAndIds[i + 1]));
        }
        return sb.append('}').toString();
    }
}
