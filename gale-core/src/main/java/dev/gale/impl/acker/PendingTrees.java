package dev.gale.impl.acker;

import dev.gale.impl.util.LeadingPad;
import dev.gale.impl.util.LongOpenHashIndex;

/**
 * The acker's state: for every pending tuple tree (root id) the XOR of the edge ids seen so far,
 * whether it failed, and the generation (rotation count) when it was created or last renewed. The
 * spout task that owns a tree is not stored: its root names it ({@link RootIds}).
 *
 * <p>Exactly 17 bytes a slot (the root and the XOR as longs, the rest packed in one byte), whatever
 * the size of the tree, and no allocation except when the table grows. Sized up front (from max
 * spout pending, {@link #capacityFor}) it is 0.625 full at the high-water mark: 27.2 bytes a pending
 * tree. It grows when 0.8 full, by a quarter, so once it has grown it is still more than 0.64 full:
 * at most 26.6 bytes a pending tree.
 * Timing out works like a rotating map with {@code numBuckets} buckets: an entry created or
 * renewed after rotation r is dropped by rotation r + numBuckets.
 *
 * <p>Not thread-safe: owned by one acker executor.
 */
public final class PendingTrees extends PendingTreesPad {
    /** Bytes of table memory per slot: key, XOR value and packed meta. */
    public static final int BYTES_PER_SLOT = 8 + 8 + 1;
    private static final int GEN_BITS = 7;
    private static final int GEN_MASK = (1 << GEN_BITS) - 1;
    private static final int FAILED_BIT = 1 << GEN_BITS;
    /** Most buckets the generation field can age correctly (ages are counted modulo 2^GEN_BITS). */
    public static final int MAX_BUCKETS = GEN_MASK;

    private final int numBuckets;

    /**
     * The slots for a table that will hold up to {@code trees} pending trees: 1.6 a tree, as sparse
     * as the 32-byte budget allows. A removal scans its probe run to the end, and runs lengthen
     * quickly with the load: sized to be 0.8 full at max spout pending, backward-shift removals
     * were a large part of the acker thread's profile under load.
     */
    public static int capacityFor(int trees) {
        return (int) Math.max(8, Math.min(Integer.MAX_VALUE - 8, (long) trees * 8 / 5));
    }

    public PendingTrees(int numBuckets, int initialCapacity) {
        super(initialCapacity);
        if (numBuckets < 2 || numBuckets > MAX_BUCKETS) {
            throw new IllegalArgumentException("numBuckets must be between 2 and " + MAX_BUCKETS + ", got " + numBuckets);
        }
        this.numBuckets = numBuckets;
        this.ackVals = new long[capacity];
        this.meta = new byte[capacity];
    }

    /** Finds or creates the tree's entry, XORs {@code value} in, and returns its slot. */
    public int xor(long root, long value) {
        return xorOrOpen(root, value, 0);
    }

    /**
     * Finds the tree's entry and XORs {@code value} in; a missing entry is created holding
     * {@code opening ^ value}. One probe.
     */
    public int xorOrOpen(long root, long value, long opening) {
        int slot = insert(root);
        if (lastInsertCreated()) {
            ackVals[slot] = opening ^ value;
            meta[slot] = (byte) (generation & GEN_MASK);
        } else {
            ackVals[slot] ^= value;
        }
        return slot;
    }

    public void markFailed(int slot) {
        meta[slot] = (byte) (meta[slot] | FAILED_BIT);
    }

    /** The slot of an entry, or -1. */
    public int slotOf(long root) {
        return indexOf(root);
    }

    public long ackVal(int slot) {
        return ackVals[slot];
    }

    /** The spout task that owns the tree, as its root names it, or -1 for a root no spout made. */
    public int spoutTask(int slot) {
        return RootIds.spoutTask(keys[slot]);
    }

    public boolean isFailed(int slot) {
        return (meta[slot] & FAILED_BIT) != 0;
    }

    /** Gives the entry a fresh timeout, as if it had just been created. */
    public void renew(int slot) {
        meta[slot] = (byte) ((meta[slot] & FAILED_BIT) | (generation & GEN_MASK));
    }

    public void remove(int slot) {
        removeAt(slot);
    }

    /** Starts a new generation and drops the entries that have lived through numBuckets rotations. */
    public int rotate() {
        generation++;
        int dropped = 0;
        for (int slot = 0; slot < capacity; slot++) {
            while (keys[slot] != 0 && isExpired(slot)) {
                removeAt(slot);
                dropped++;
            }
        }
        return dropped;
    }

    private boolean isExpired(int slot) {
        int gen = meta[slot] & GEN_MASK;
        int age = (generation - gen) & GEN_MASK;
        return age >= numBuckets;
    }

    /** Bytes of table memory per pending tree right now (key, value and meta arrays). */
    public double bytesPerEntry() {
        return size() == 0 ? 0 : ((double) BYTES_PER_SLOT * capacity) / size();
    }

    /**
     * Grows by a quarter rather than the default half: from 0.8 full, growing by half would leave
     * the table 0.53 full, 31.9 bytes a tree; by a quarter it is 0.64 full, 26.6 bytes. Growth only happens while the number of pending trees reaches a new high,
     * so the steady state is unaffected.
     */
    @Override
    protected long grownCapacity(int capacity) {
        return capacity + (capacity >>> 2);
    }

    @Override
    protected void moveSlot(int from, int to) {
        ackVals[to] = ackVals[from];
        meta[to] = meta[from];
    }

    @Override
    protected void clearSlot(int slot) {
        ackVals[slot] = 0;
        meta[slot] = 0;
    }

    @Override
    protected void beginResize(int newCapacity) {
        oldAckVals = ackVals;
        oldMeta = meta;
        ackVals = new long[newCapacity];
        meta = new byte[newCapacity];
    }

    @Override
    protected void moveFromOld(int oldSlot, int newSlot) {
        ackVals[newSlot] = oldAckVals[oldSlot];
        meta[newSlot] = oldMeta[oldSlot];
    }

    @Override
    protected void endResize() {
        oldAckVals = null;
        oldMeta = null;
    }
}

/** The fields of {@link PendingTrees} that change after construction, in front of its trailing pad. */
abstract class PendingTreesFields extends LongOpenHashIndex {
    /** Per slot: the XOR of the edge ids seen. */
    long[] ackVals;
    /** Per slot: generation (low 7 bits) and failed (top bit). */
    byte[] meta;
    long[] oldAckVals;
    byte[] oldMeta;
    int generation;

    PendingTreesFields(int initialCapacity) {
        super(initialCapacity);
    }
}

/** 128 bytes between {@link PendingTreesFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class PendingTreesPad extends PendingTreesFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    PendingTreesPad(int initialCapacity) {
        super(initialCapacity);
    }
}
