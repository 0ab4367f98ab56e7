package dev.gale.impl.spout;

import dev.gale.impl.util.LeadingPad;
import dev.gale.impl.util.LongOpenHashIndex;
import java.util.Arrays;

/**
 * A spout executor's tracked tuples: root id to (message id, stream, emit time, task), with a
 * count per task for max-spout-pending, and timeouts that work like a rotating map of
 * {@code numBuckets} buckets: an entry put or renewed after rotation r expires at rotation
 * r + numBuckets. Rotating every T / (numBuckets - 1) thus fails a tree between T and
 * T * (1 + 1 / (numBuckets - 1)) after its emit.
 *
 * <p>Parallel arrays, no allocation per entry. Not thread-safe: owned by the spout executor.
 */
public final class SpoutPending extends SpoutPendingPad {

    /** Receives the entries a rotation expired. */
    public interface ExpiryHandler {
        void expired(int taskIndex, long root, Object messageId, String streamId, long startNanos);
    }

    private final int numBuckets;
    private final int[] countPerTask;

    public SpoutPending(int numBuckets, int tasks, int initialCapacity) {
        super(initialCapacity);
        if (numBuckets < 2) {
            throw new IllegalArgumentException("numBuckets must be at least 2, got " + numBuckets);
        }
        this.numBuckets = numBuckets;
        this.countPerTask = new int[tasks];
        allocate(capacity);
    }

    private void allocate(int cap) {
        messageIds = new Object[cap];
        streams = new int[cap];
        startNanos = new long[cap];
        generations = new int[cap];
        taskIndexes = new int[cap];
    }

    public boolean contains(long root) {
        return indexOf(root) >= 0;
    }

    /** Adds a tracked tuple; the root must not be pending already. */
    public void put(long root, Object messageId, String streamId, long start, int taskIndex) {
        if (!putIfAbsent(root, messageId, streamId, start, taskIndex)) {
            throw new IllegalStateException("root id " + Long.toHexString(root) + " is already pending");
        }
    }

    /**
     * Adds a tracked tuple unless its root is pending already (a random root that collided): one
     * probe of the table for both the check and the insert. True if added.
     */
    public boolean putIfAbsent(long root, Object messageId, String streamId, long start, int taskIndex) {
        int slot = insert(root);
        if (!lastInsertCreated()) {
            return false;
        }
        messageIds[slot] = messageId;
        streams[slot] = streamIndex(streamId);
        startNanos[slot] = start;
        generations[slot] = generation;
        taskIndexes[slot] = taskIndex;
        countPerTask[taskIndex]++;
        return true;
    }

    private int streamIndex(String streamId) {
        for (int i = 0; i < streamCount; i++) {
            if (streamNames[i] == streamId) {
                return i; // the same String object, as a spout's emits on one stream usually pass
            }
        }
        for (int i = 0; i < streamCount; i++) {
            if (streamNames[i].equals(streamId)) {
                return i;
            }
        }
        if (streamCount == streamNames.length) {
            streamNames = Arrays.copyOf(streamNames, streamCount * 2);
        }
        streamNames[streamCount] = streamId;
        return streamCount++;
    }

    /** The slot of a pending root, or -1. */
    public int slotOf(long root) {
        return indexOf(root);
    }

    public Object messageId(int slot) {
        return messageIds[slot];
    }

    public String streamId(int slot) {
        return streamNames[streams[slot]];
    }

    public long startNanos(int slot) {
        return startNanos[slot];
    }

    public int taskIndex(int slot) {
        return taskIndexes[slot];
    }

    public void remove(int slot) {
        countPerTask[taskIndexes[slot]]--;
        removeAt(slot);
    }

    /** Gives the entry a fresh timeout. */
    public void renew(int slot) {
        generations[slot] = generation;
    }

    /** Bytes of the table's arrays: per slot the root, message id reference, stream, start, generation and task. */
    public long tableBytes() {
        return (long) capacity * (8 + 4 + 4 + 8 + 4 + 4);
    }

    public int pendingOf(int taskIndex) {
        return countPerTask[taskIndex];
    }

    /** Starts a new generation and expires entries that lived through numBuckets rotations. */
    public int rotate(ExpiryHandler handler) {
        generation++;
        int n = 0;
        for (int slot = 0; slot < capacity; slot++) {
            while (keys[slot] != 0 && generation - generations[slot] >= numBuckets) {
                if (n == expiredIds.length) {
                    growExpired();
                }
                expiredIds[n] = messageIds[slot];
                expiredStreams[n] = streamNames[streams[slot]];
                expiredStarts[n] = startNanos[slot];
                expiredTasks[n] = taskIndexes[slot];
                expiredRoots[n] = keys[slot];
                n++;
                remove(slot);
            }
        }
        for (int i = 0; i < n; i++) {
            Object id = expiredIds[i];
            expiredIds[i] = null;
            handler.expired(expiredTasks[i], expiredRoots[i], id, expiredStreams[i], expiredStarts[i]);
            expiredStreams[i] = null;
        }
        return n;
    }

    private void growExpired() {
        int len = expiredIds.length * 2;
        expiredIds = Arrays.copyOf(expiredIds, len);
        expiredStreams = Arrays.copyOf(expiredStreams, len);
        expiredStarts = Arrays.copyOf(expiredStarts, len);
        expiredTasks = Arrays.copyOf(expiredTasks, len);
        expiredRoots = Arrays.copyOf(expiredRoots, len);
    }

    @Override
    protected void moveSlot(int from, int to) {
        messageIds[to] = messageIds[from];
        streams[to] = streams[from];
        startNanos[to] = startNanos[from];
        generations[to] = generations[from];
        taskIndexes[to] = taskIndexes[from];
    }

    @Override
    protected void clearSlot(int slot) {
        messageIds[slot] = null;
    }

    @Override
    protected void beginResize(int newCapacity) {
        oldMessageIds = messageIds;
        oldStreams = streams;
        oldStartNanos = startNanos;
        oldGenerations = generations;
        oldTaskIndexes = taskIndexes;
        allocate(newCapacity);
    }

    @Override
    protected void moveFromOld(int oldSlot, int newSlot) {
        messageIds[newSlot] = oldMessageIds[oldSlot];
        streams[newSlot] = oldStreams[oldSlot];
        startNanos[newSlot] = oldStartNanos[oldSlot];
        generations[newSlot] = oldGenerations[oldSlot];
        taskIndexes[newSlot] = oldTaskIndexes[oldSlot];
    }

    @Override
    protected void endResize() {
        oldMessageIds = null;
        oldStreams = null;
        oldStartNanos = null;
        oldGenerations = null;
        oldTaskIndexes = null;
    }
}

/** The fields of {@link SpoutPending} that change after construction, in front of its trailing pad. */
abstract class SpoutPendingFields extends LongOpenHashIndex {
    Object[] messageIds;
    /**
     * Each entry's stream as an index into {@link #streamNames}: an int, because storing a reference
     * into a long-lived array costs a full memory fence under G1, once per tree.
     */
    int[] streams;
    long[] startNanos;
    int[] generations;
    int[] taskIndexes;
    Object[] oldMessageIds;
    int[] oldStreams;
    long[] oldStartNanos;
    int[] oldGenerations;
    int[] oldTaskIndexes;
    int generation;
    /** The streams entries were put on, in first-seen order; few per spout. */
    String[] streamNames = new String[4];
    int streamCount;
    // Expired entries are collected first and handed out after the scan, because the handler
    // (the spout's fail) may emit and so change the table.
    Object[] expiredIds = new Object[16];
    String[] expiredStreams = new String[16];
    long[] expiredStarts = new long[16];
    int[] expiredTasks = new int[16];
    long[] expiredRoots = new long[16];

    SpoutPendingFields(int initialCapacity) {
        super(initialCapacity);
    }
}

/** 128 bytes between {@link SpoutPendingFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class SpoutPendingPad extends SpoutPendingFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SpoutPendingPad(int initialCapacity) {
        super(initialCapacity);
    }
}
