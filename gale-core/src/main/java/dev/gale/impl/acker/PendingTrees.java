package dev.gale.impl.acker;

import dev.gale.impl.util.LongOpenHashIndex;

/**
 * The acker's state: for every pending tuple tree (root id) the XOR of the edge ids seen so far,
 * the spout task that owns it (known once the init arrives), whether it failed, and the
 * generation (rotation count) when it was created or last renewed.
 *
 * <p>Exactly three longs a slot (24 bytes), whatever the size of the tree, and no allocation except
 * when the table grows. The table is at most 0.8 full and grows by a quarter, so once it has grown
 * it is still more than 0.6 full: 30 to 37.5 bytes a pending tree at the high-water mark, whether it
 * was sized up front (from max spout pending) or grew to fit.
 * Timing out works like a rotating map with {@code numBuckets} buckets: an entry created or
 * renewed after rotation r is dropped by rotation r + numBuckets.
 *
 * <p>Not thread-safe: owned by one acker executor.
 */
public final class PendingTrees extends LongOpenHashIndex {
    private static final long TASK_MASK = 0xFFFF_FFFFL;
    private static final long FAILED_BIT = 1L << 32;
    private static final int GEN_SHIFT = 40;
    private static final long GEN_MASK = (1L << 24) - 1;

    private final int numBuckets;
    /** Per slot: [2*slot] the ackVal, [2*slot+1] spout task + 1, failed bit and generation. */
    private long[] data;
    private long[] oldData;
    private int generation;

    public PendingTrees(int numBuckets, int initialCapacity) {
        super(initialCapacity);
        if (numBuckets < 2) {
            throw new IllegalArgumentException("numBuckets must be at least 2, got " + numBuckets);
        }
        this.numBuckets = numBuckets;
        this.data = new long[2 * capacity];
    }

    /** Finds or creates the tree's entry, XORs {@code value} in, and returns its slot. */
    public int xor(long root, long value) {
        int slot = insert(root);
        if (lastInsertCreated()) {
            data[2 * slot] = value;
            data[2 * slot + 1] = (long) (generation & GEN_MASK) << GEN_SHIFT;
        } else {
            data[2 * slot] ^= value;
        }
        return slot;
    }

    /** Records the owning spout task (from the init message). */
    public void setSpoutTask(int slot, int spoutTask) {
        data[2 * slot + 1] = (data[2 * slot + 1] & ~TASK_MASK) | ((spoutTask + 1L) & TASK_MASK);
    }

    public void markFailed(int slot) {
        data[2 * slot + 1] |= FAILED_BIT;
    }

    /** The slot of an entry, or -1. */
    public int slotOf(long root) {
        return indexOf(root);
    }

    public long ackVal(int slot) {
        return data[2 * slot];
    }

    /** The spout task, or -1 when the init has not arrived yet. */
    public int spoutTask(int slot) {
        return (int) (data[2 * slot + 1] & TASK_MASK) - 1;
    }

    public boolean isFailed(int slot) {
        return (data[2 * slot + 1] & FAILED_BIT) != 0;
    }

    /** Gives the entry a fresh timeout, as if it had just been created. */
    public void renew(int slot) {
        data[2 * slot + 1] = (data[2 * slot + 1] & ~(GEN_MASK << GEN_SHIFT))
                | ((long) (generation & GEN_MASK) << GEN_SHIFT);
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
        int gen = (int) ((data[2 * slot + 1] >>> GEN_SHIFT) & GEN_MASK);
        int age = (int) ((generation - gen) & GEN_MASK);
        return age >= numBuckets;
    }

    /** Bytes of table memory per pending tree right now (keys and data arrays). */
    public double bytesPerEntry() {
        return size() == 0 ? 0 : (24.0 * capacity) / size();
    }

    /**
     * Grows by a quarter rather than the default half: from 0.8 full, growing by half would leave
     * the table 0.53 full, 45 bytes a tree, over the 40-byte budget; by a quarter it is 0.64 full,
     * 37.5 bytes. Growth only happens while the number of pending trees reaches a new high, so the
     * steady state is unaffected.
     */
    @Override
    protected long grownCapacity(int capacity) {
        return capacity + (capacity >>> 2);
    }

    @Override
    protected void moveSlot(int from, int to) {
        data[2 * to] = data[2 * from];
        data[2 * to + 1] = data[2 * from + 1];
    }

    @Override
    protected void clearSlot(int slot) {
        data[2 * slot] = 0;
        data[2 * slot + 1] = 0;
    }

    @Override
    protected void beginResize(int newCapacity) {
        oldData = data;
        data = new long[2 * newCapacity];
    }

    @Override
    protected void moveFromOld(int oldSlot, int newSlot) {
        data[2 * newSlot] = oldData[2 * oldSlot];
        data[2 * newSlot + 1] = oldData[2 * oldSlot + 1];
    }

    @Override
    protected void endResize() {
        oldData = null;
    }
}
