package dev.gale.impl.transfer;

import dev.gale.impl.util.LeadingPad;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The send side of one executor: delivers messages to the inboxes of target tasks, keeping in an
 * overflow, in order, whatever a full inbox refused, and signalling each touched inbox once per
 * batch. Order from one executor to another is preserved for {@link #send}; messages sent with
 * {@link #sendUnordered} or {@link #sendPair} (acker traffic, whose protocol takes messages in any
 * order) are gathered per target and delivered as {@link MessageBatch}es or {@link PairBatch}es
 * when the executor ends its cycle.
 *
 * <p>Owned by one executor thread; not thread-safe. {@link #overflowSize()} may be read by any
 * thread.
 */
public final class Outbox extends OutboxPad {
    /** Large enough to amortise an offer, small enough to stay in a few cache lines. */
    static final int BATCH_SIZE = 64;
    /** Longest a batched tuple waits for more once the call that sent it has returned. */
    static final long MAX_BATCH_WAIT_NANOS = 100_000L;
    private final Inbox[] inboxByTask;
    private final boolean countsAsCongestion;
    private final Backpressure backpressure;
    private final ArrayDeque<Object> overflowMessages = new ArrayDeque<>();
    private final ArrayDeque<Inbox> overflowTargets = new ArrayDeque<>();
    /** Messages gathered per target executor (by inbox index), and which targets have some. */
    private final Object[][] batches;
    private final int[] batchSizes;
    private final boolean[] batchListed;
    private final Inbox[] batchedList;
    /** Pairs gathered per target executor (by inbox index), and which targets have some (see {@link #sendPair}). */
    private final long[][] pairBatches;
    private final int[] pairSizes;
    private final boolean[] pairListed;
    private final Inbox[] pairList;
    /** Targets with tuples batched (a subset of the batched targets), flushed by {@link #endCall}. */
    private final Inbox[] orderedList;
    private final boolean[] orderedListed;
    static final int MAX_CALL_STRIDE = 16;
    /** Messages sent to each executor so far (by inbox index), batches counted as one; for the scheduler's watchdog. */
    private final long[] sentTo;
    private final boolean[] touched;
    private final Inbox[] touchedList;

    /**
     * @param inboxByTask the inbox of every task id (index = task id)
     * @param executorCount number of executors (inbox indexes are below it)
     * @param countsAsCongestion whether a non-empty overflow should throttle the spouts
     */
    public Outbox(Inbox[] inboxByTask, int executorCount, boolean countsAsCongestion, Backpressure backpressure) {
        this.inboxByTask = inboxByTask;
        this.countsAsCongestion = countsAsCongestion;
        this.backpressure = backpressure;
        this.batches = new Object[executorCount][];
        this.batchSizes = new int[executorCount];
        this.batchListed = new boolean[executorCount];
        this.batchedList = new Inbox[executorCount];
        this.pairBatches = new long[executorCount][];
        this.pairSizes = new int[executorCount];
        this.pairListed = new boolean[executorCount];
        this.pairList = new Inbox[executorCount];
        this.touched = new boolean[executorCount];
        this.sentTo = new long[executorCount];
        this.touchedList = new Inbox[executorCount];
        this.orderedList = new Inbox[executorCount];
        this.orderedListed = new boolean[executorCount];
    }

    /** Messages sent so far to the executor whose inbox has index {@code executorIndex}; any thread (may lag). */
    public long sentTo(int executorIndex) {
        return sentTo[executorIndex];
    }

    /** A token for the thread running {@code taskId}'s executor now (see {@link Inbox#thread()}). */
    public Object threadOf(int taskId) {
        return inboxByTask[taskId].thread();
    }

    /** How full {@code taskId}'s queue is, from 0 to 1. */
    public double load(int taskId) {
        return inboxByTask[taskId].load();
    }

    /** Binds the executor's thread (through its parker); from then on only it may send. */
    public void bindOwner(Parker parker, String executorName) {
        this.ownerParker = parker;
        this.owner = parker.thread();
        this.ownerName = executorName;
    }

    /**
     * Throws if the caller is not the executor thread. Collectors call it before touching any
     * state, so a misuse changes nothing.
     */
    /** True on the executor's own thread (or before it started). */
    public boolean isOwnerThread() {
        return owner == null || Thread.currentThread() == owner;
    }

    public void checkOwner() {
        if (Thread.currentThread() != owner && owner != null) {
            throw foreignThread();
        }
    }

    /**
     * Sends a tuple to a task's executor, after this executor's earlier tuples to it; never
     * blocks. A bolt's tuples travel in batches (one queue offer for up to {@value #BATCH_SIZE}),
     * which leave when the batch is full, at the end of the cycle, or at the end of a user call
     * ({@link #endCall}) once the oldest has waited {@value #MAX_BATCH_WAIT_NANOS} ns. That holds
     * for a target on the same thread too: it cannot run before this cycle ends anyway, and batching
     * those tuples as well measured faster (docs/performance.md, "Batching"). Executor thread only.
     */
    public void send(int taskId, Object message) {
        Inbox target = inboxByTask[taskId];
        // Kept small, so the JIT inlines it into every emit; batching is out of line.
        if (batchTuples) {
            sendBatched(target, message);
        } else {
            if (orderedCount > 0) {
                flushBefore(target); // untracked tuples batched for it go first: order is kept
            }
            sendTo(target, message);
        }
    }

    /**
     * Sends a spout's untracked tuple (no message id, or no ackers): like {@link #send}, but it
     * may wait in a batch even from a spout, as a bolt's tuples do, unless the spout is marked
     * blocking. Nothing waits on such a tuple's completion, so the batch costs no throughput,
     * and it saves a queue offer per tuple, which for tuples crossing to another thread is most
     * of what they cost. Tracked tuples are still offered at once: batched too, a limited number
     * of pending trees travels in waves, and the throughput of an acked pipeline fell by half
     * (docs/performance.md, "Batching"). Executor thread only.
     */
    public void sendUntracked(int taskId, Object message) {
        Inbox target = inboxByTask[taskId];
        if (batchTuples || batchUntracked) {
            sendBatched(target, message);
        } else {
            send(taskId, message);
        }
    }

    private void flushBefore(Inbox target) {
        int i = target.index();
        if (orderedListed[i]) {
            flushBatch(target, i); // stays listed; an empty batch costs the later flush nothing
        }
    }

    private void sendBatched(Inbox target, Object message) {
        int i = target.index();
        if (!orderedListed[i]) {
            if (orderedCount == 0) {
                oldestOrderedNanos = System.nanoTime();
            }
            orderedListed[i] = true;
            orderedList[orderedCount++] = target;
        }
        batch(target, i, message); // one batch per target, in send order: order is kept
    }

    /**
     * Makes {@link #send} batch tuples. Bolts do; a spout offers each tracked tuple at once, since
     * its pending trees wait on them (its untracked ones, see {@link #sendUntracked}). Before the
     * executor runs.
     */
    public void batchTuples(boolean on) {
        this.batchTuples = on;
    }

    /** Makes {@link #sendUntracked} batch (spouts not marked blocking). Before the executor runs. */
    public void batchUntracked(boolean on) {
        this.batchUntracked = on;
    }

    /**
     * Sends every batched tuple now and wakes their receivers: what a collector's {@code flush()}
     * does, for user code about to block (in nextTuple, say) with tuples emitted. Executor thread only.
     */
    public void flushTuples() {
        if (orderedCount > 0) {
            flushOrdered();
            signalTargets();
        }
    }

    /**
     * Ends a bolt's call into user code: flushes the batched tuples if the oldest has waited
     * {@value #MAX_BATCH_WAIT_NANOS} ns, so that they do not wait out a whole cycle of slow calls.
     * While calls are quick it looks at the clock only every few calls (see {@link #callStride}).
     */
    public void endCall() {
        if (orderedCount == 0 || --callsToCheck > 0) {
            return;
        }
        long waited = System.nanoTime() - oldestOrderedNanos;
        if (waited >= MAX_BATCH_WAIT_NANOS) {
            flushOrdered();
            signalTargets(); // the bolt's next call may be slow: wake the receivers now, not at the cycle's end
            callStride = 1;
        } else if (waited < MAX_BATCH_WAIT_NANOS / 4 && callStride < MAX_CALL_STRIDE) {
            callStride <<= 1;
        }
        callsToCheck = callStride;
    }

    private void flushOrdered() {
        for (int j = 0; j < orderedCount; j++) {
            Inbox target = orderedList[j];
            orderedList[j] = null;
            int i = target.index();
            orderedListed[i] = false;
            flushBatch(target, i);
        }
        orderedCount = 0;
    }

    /**
     * Sends a message that may overtake, or be overtaken by, this executor's other messages to
     * the same task: it waits, with others for the same executor, until the batch is full or
     * {@link #signalTouched()} ends the cycle. Executor thread only.
     */
    public void sendUnordered(int taskId, Object message) {
        Inbox target = inboxByTask[taskId];
        batch(target, target.index(), message);
    }

    /**
     * Sends a pair of longs, a key and a value, packed with the others for the same target into
     * one {@link PairBatch}, which leaves once {@value #BATCH_SIZE} are gathered or the cycle
     * ends. A pair with the same key as the one before it for that target is folded into it by
     * XOR of the values: send pairs only to receivers for which that is the same (see
     * {@link PairBatch}). Executor thread only.
     */
    public void sendPair(int taskId, long key, long value) {
        Inbox target = inboxByTask[taskId];
        int i = target.index();
        long[] pairs = pairBatches[i];
        if (pairs == null) {
            pairs = new long[2 * BATCH_SIZE];
            pairBatches[i] = pairs;
        }
        if (!pairListed[i]) {
            pairListed[i] = true;
            pairList[pairCount++] = target;
        }
        int n = pairSizes[i];
        if (n > 0 && pairs[(n - 1) << 1] == key) {
            // A run of pairs with one key (the pairBatches of one sentence's words, say) travels as one.
            pairs[((n - 1) << 1) + 1] ^= value;
            return;
        }
        pairs[n << 1] = key;
        pairs[(n << 1) + 1] = value;
        if (++n == BATCH_SIZE) {
            sendTo(target, new PairBatch(pairs, n));
            pairBatches[i] = null; // now the receiver's
            n = 0;
        }
        pairSizes[i] = n;
    }

    /**
     * Sends the pairs packed so far, now: a message sent after this call arrives after them (a
     * fail after an ack must not overtake it). Executor thread only.
     */
    public void flushPairs() {
        for (int j = 0; j < pairCount; j++) {
            Inbox target = pairList[j];
            pairList[j] = null;
            int i = target.index();
            pairListed[i] = false;
            int n = pairSizes[i];
            if (n > 0) {
                // A part-filled batch leaves as an exact copy; the full-size array stays for the next cycle.
                sendTo(target, new PairBatch(Arrays.copyOf(pairBatches[i], n << 1), n));
                pairSizes[i] = 0;
            }
        }
        pairCount = 0;
    }

    private void batch(Inbox target, int i, Object message) {
        Object[] batch = batches[i];
        if (batch == null) {
            batch = new Object[BATCH_SIZE];
            batches[i] = batch;
        }
        int n = batchSizes[i];
        if (!batchListed[i]) {
            batchListed[i] = true;
            batchedList[batchedCount++] = target;
        }
        batch[n++] = message;
        if (n == BATCH_SIZE) {
            sendTo(target, new MessageBatch(batch, n));
            batches[i] = null; // now the receiver's
            n = 0;
        }
        batchSizes[i] = n;
    }

    private void flushBatches() {
        for (int j = 0; j < batchedCount; j++) {
            Inbox target = batchedList[j];
            batchedList[j] = null;
            int i = target.index();
            flushBatch(target, i);
            batchListed[i] = false;
        }
        batchedCount = 0;
        forgetOrdered();
    }

    /** Empties the list of targets with tuples batched (their batches went out with all the others). */
    private void forgetOrdered() {
        for (int j = 0; j < orderedCount; j++) {
            orderedListed[orderedList[j].index()] = false;
            orderedList[j] = null;
        }
        orderedCount = 0;
    }

    /** Sends what is batched for one target; it stays listed (a later message reuses the listing). */
    private void flushBatch(Inbox target, int i) {
        int n = batchSizes[i];
        if (n == 1) {
            Object[] batch = batches[i];
            sendTo(target, batch[0]); // alone: no wrapper, and the array is reused
            batch[0] = null;
        } else if (n > 1) {
            sendTo(target, new MessageBatch(batches[i], n));
            batches[i] = null;
        }
        batchSizes[i] = 0;
    }

    private void sendTo(Inbox target, Object message) {
        sentTo[target.index()]++;
        if (overflowSize == 0) {
            InlineReceiver r = target.inlineReceiverFor(owner);
            if (r != null && r.tryInline(message, owner)) {
                return; // handled on this thread, no queue: nothing to signal
            }
            if (target.offer(message)) {
                touch(target);
                return;
            }
        }
        if (overflowSize == 0 && countsAsCongestion) {
            backpressure.enter();
        }
        overflowMessages.addLast(message);
        overflowTargets.addLast(target);
        overflowSize = overflowMessages.size();
    }

    private IllegalStateException foreignThread() {
        return new IllegalStateException("a collector of " + ownerName + " was called from thread '"
                + Thread.currentThread().getName() + "', but it may only be used on the executor's own thread '"
                + owner.getName() + "' (during nextTuple, ack, fail, execute, open or prepare): hand work done on"
                + " other threads back to that thread, e.g. through a queue drained on tick tuples");
    }

    /** Moves what it can from the overflow into the target inboxes; returns how many moved. */
    public int flushOverflow() {
        if (overflowSize == 0) {
            return 0;
        }
        int moved = 0;
        while (!overflowMessages.isEmpty()) {
            Inbox target = overflowTargets.peekFirst();
            if (!target.offer(overflowMessages.peekFirst())) {
                break;
            }
            overflowMessages.pollFirst();
            overflowTargets.pollFirst();
            touch(target);
            moved++;
        }
        overflowSize = overflowMessages.size();
        if (overflowSize == 0 && countsAsCongestion) {
            backpressure.exit();
        }
        signalTouched();
        return moved;
    }

    private void touch(Inbox target) {
        int i = target.index();
        if (!touched[i]) {
            touched[i] = true;
            touchedList[touchedCount++] = target;
        }
    }

    /**
     * Ends a cycle: delivers the gathered unordered messages, then wakes every inbox that received
     * messages since the last call. Returns how many targets got gathered messages (work done:
     * gathered during an inline hand-off, they may be all a cycle has left to do).
     */
    public int signalTouched() {
        int flushed = 0;
        if (batchedCount > 0) {
            flushed = batchedCount;
            flushBatches();
        }
        if (pairCount > 0) {
            flushed += pairCount;
            flushPairs();
        }
        signalTargets();
        return flushed;
    }

    /** Wakes every inbox that received messages since the last call. */
    private void signalTargets() {
        for (int i = 0; i < touchedCount; i++) {
            Inbox t = touchedList[i];
            touchedList[i] = null;
            touched[t.index()] = false;
            t.signal();
        }
        touchedCount = 0;
    }

    /** True while unordered messages wait to be delivered at the end of a cycle. */
    public boolean hasBatched() {
        return batchedCount > 0 || pairCount > 0;
    }

    /**
     * Registers the owner to be woken when the inbox the overflow waits on has drained to half;
     * true if it should park now, false if that inbox has room already (flush again instead).
     * Executor thread only.
     */
    public boolean awaitRoom() {
        Inbox target = overflowTargets.peekFirst();
        return target != null && target.awaitRoom(ownerParker);
    }

    /** Messages waiting for room downstream. */
    public int overflowSize() {
        return overflowSize;
    }

    /** Drops the overflow (topology shutdown). */
    public void clear() {
        if (overflowSize > 0 && countsAsCongestion) {
            backpressure.exit();
        }
        overflowMessages.clear();
        overflowTargets.clear();
        overflowSize = 0;
        for (int j = 0; j < batchedCount; j++) {
            int i = batchedList[j].index();
            batches[i] = null;
            batchSizes[i] = 0;
            batchListed[i] = false;
            batchedList[j] = null;
        }
        batchedCount = 0;
        forgetOrdered();
        for (int j = 0; j < pairCount; j++) {
            int i = pairList[j].index();
            pairSizes[i] = 0;
            pairListed[i] = false;
            pairList[j] = null;
        }
        pairCount = 0;
    }
}

/** The fields of {@link Outbox} that change after construction, in front of its trailing pad. */
abstract class OutboxFields extends LeadingPad {
    volatile int overflowSize;
    /** How much of {@link Outbox}'s lists of targets with messages, pairs and tuples batched is in use. */
    int batchedCount;
    int pairCount;
    int orderedCount;
    /** When the oldest batched tuple was sent (System.nanoTime), valid while orderedCount > 0. */
    long oldestOrderedNanos;
    /**
     * Calls {@link Outbox#endCall} lets pass before it reads the clock again. Clock reads showed in the
     * profile of a busy pipeline, so while calls are quick (the batch is young when looked at) the
     * stride doubles, up to {@value Outbox#MAX_CALL_STRIDE}; a look that finds the batch due sets it
     * back to 1, so slow calls are looked at after every call.
     */
    int callStride = 1;
    int callsToCheck = 1;
    /** Whether tuples are batched (bolts); else each is offered at once (spouts, but see {@link #batchUntracked}). */
    boolean batchTuples;
    /** Whether a spout's untracked tuples are batched (see {@link Outbox#sendUntracked}). */
    boolean batchUntracked;
    /** How much of {@link Outbox}'s list of inboxes to wake at the end of the cycle is in use. */
    int touchedCount;
    /** The thread that runs the owning executor now, its parker and its name, for backpressure and errors. */
    volatile Thread owner;
    Parker ownerParker;
    String ownerName = "its executor";
}

/** 128 bytes between {@link OutboxFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class OutboxPad extends OutboxFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
