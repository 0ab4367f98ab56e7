package dev.gale.kafka.internal;

import java.util.Arrays;

/**
 * The commit rule of one partition: which offsets were polled and are not yet done (acked, or
 * given up on), and so which offset is safe to commit: the lowest offset not done, or one past
 * the highest polled offset when every polled offset is done. Never past a pending or failed
 * record, whatever order acks come in; gaps in the offsets (compaction, transaction markers)
 * need no special case, since only polled offsets are tracked.
 *
 * <p>Offsets are added in increasing order (the order a partition is read in), kept in a ring
 * with a done flag each; marking one done is a binary search, and the ring's head moves past
 * every leading done offset. Not thread-safe: the spout's thread only.
 */
public final class PartitionProgress {
    private long[] offsets = new long[64];
    private boolean[] done = new boolean[64];
    private int head;
    private int size;
    private int pending;
    private long nextOffset = -1;

    /** Records that {@code offset} was polled; offsets must come in increasing order. */
    public void add(long offset) {
        if (offset < nextOffset) {
            throw new IllegalArgumentException("offset " + offset + " polled after " + (nextOffset - 1));
        }
        if (size == offsets.length) {
            grow();
        }
        int at = (head + size) & (offsets.length - 1);
        offsets[at] = offset;
        done[at] = false;
        size++;
        pending++;
        nextOffset = offset + 1;
    }

    /**
     * Marks {@code offset} done; returns false if it is not a polled offset still pending (a late
     * or duplicate ack), which changes nothing.
     */
    public boolean markDone(long offset) {
        int i = find(offset);
        if (i < 0) {
            return false;
        }
        int at = (head + i) & (offsets.length - 1);
        if (done[at]) {
            return false;
        }
        done[at] = true;
        pending--;
        while (size > 0 && done[head]) {
            head = (head + 1) & (offsets.length - 1);
            size--;
        }
        return true;
    }

    /** True if {@code offset} was polled and is not done yet. */
    public boolean isPending(long offset) {
        int i = find(offset);
        return i >= 0 && !done[(head + i) & (offsets.length - 1)];
    }

    /** The offset safe to commit (the next one to read after a restart), or -1 if nothing was polled. */
    public long committableOffset() {
        return size > 0 ? offsets[head] : nextOffset;
    }

    /** One past the highest offset polled, or -1 if nothing was polled. */
    public long nextOffset() {
        return nextOffset;
    }

    /** How many polled offsets are not done. */
    public int pendingCount() {
        return pending;
    }

    /** Index of {@code offset} among the tracked offsets (0 = head), or -1. */
    private int find(long offset) {
        int lo = 0;
        int hi = size - 1;
        int mask = offsets.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long v = offsets[(head + mid) & mask];
            if (v < offset) {
                lo = mid + 1;
            } else if (v > offset) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    private void grow() {
        int n = offsets.length;
        long[] o = new long[n * 2];
        boolean[] d = new boolean[n * 2];
        for (int i = 0; i < size; i++) {
            o[i] = offsets[(head + i) & (n - 1)];
            d[i] = done[(head + i) & (n - 1)];
        }
        offsets = o;
        done = d;
        head = 0;
    }

    @Override
    public String toString() {
        return "PartitionProgress{committable=" + committableOffset() + ", pending=" + pending + ", tracked=" + size
                + ", next=" + nextOffset + ", head=" + (size > 0 ? Arrays.toString(new long[] {offsets[head]}) : "[]")
                + '}';
    }
}
