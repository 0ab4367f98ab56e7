package dev.gale.impl.spout;

import dev.gale.impl.acker.RootIds;
import dev.gale.impl.acker.TreeOutcome;
import dev.gale.impl.acker.TreeTracer;
import dev.gale.impl.time.Pace;
import dev.gale.impl.util.IdGenerator;
import dev.gale.impl.util.LeadingPad;
import dev.gale.spout.FailureInfo;
import dev.gale.time.Clock;
import java.util.Arrays;
import java.util.List;

/**
 * The tuple trees of one spout executor's tasks: which are pending (with message id, stream and
 * emit time), each task's pending limit, the outcomes that come back from the ackers, the
 * timeouts, and the outcomes decided during a user call, which are delivered once the call
 * returns so that {@code ack} and {@code fail} never run inside {@code nextTuple}. What to do with
 * an outcome (count it, call the spout) is the executor's, through {@link Outcomes}.
 *
 * <p>Not thread-safe: owned by the spout executor, but {@link #pendingWhileInactive()}.
 */
public final class SpoutTrees extends SpoutTreesPad {
    /** On real time, the trees whose latency is measured: those whose root ends in these bits all 0. */
    private static final long TIMED_ROOT_MASK = 7;

    /** Where the trees' outcomes go: to the task's counters and its spout's {@code ack} or {@code fail}. */
    public interface Outcomes {
        /** Tree acked; {@code latencyNanos} negative when it was not timed. */
        void acked(int taskIndex, Object messageId, long latencyNanos);

        /**
         * Tree failed by a bolt (or refused at emit), for the reason {@code why};
         * {@code latencyNanos} negative when not timed.
         */
        void failed(int taskIndex, Object messageId, long latencyNanos, FailureInfo why);

        /**
         * Tree timed out; {@code latencyNanos} negative when not timed; {@code heldBy} the tasks
         * that held its tuples un-acked when tracing followed it, else null.
         */
        void timedOut(int taskIndex, Object messageId, long latencyNanos, List<FailureInfo.Holder> heldBy);
    }

    private final SpoutPending pending;
    private final PendingLimit[] limits;
    private final long[] rootPrefixes;
    private final IdGenerator ids;
    private final TimeoutWatch timeoutWatch;
    private final Clock clock;
    private final Outcomes outcomes;
    private final Runnable drainSignal;
    /** Traces one tree in this many (see {@link TreeTracer}); 0: tracing is off. */
    private final int traceEvery;
    /** Where traced trees are recorded; null when tracing is off. */
    private final TreeTracer tracer;

    /**
     * @param rootPrefixes per task, what its roots start with (see {@link RootIds#prefix})
     * @param clock the topology's clock, read for the trees whose latency is measured
     * @param drainSignal told of every change of the pending count while deactivated
     * @param tracer where to trace one tree in {@link TreeTracer#every()}; null when tracing is off
     */
    public SpoutTrees(SpoutPending pending, PendingLimit[] limits, long[] rootPrefixes, IdGenerator ids,
                      TimeoutWatch timeoutWatch, Clock clock, Outcomes outcomes,
                      Runnable drainSignal, TreeTracer tracer) {
        this.pending = pending;
        this.limits = limits;
        this.rootPrefixes = rootPrefixes;
        this.ids = ids;
        this.timeoutWatch = timeoutWatch;
        this.clock = clock;
        this.outcomes = outcomes;
        this.drainSignal = drainSignal;
        this.tracer = tracer;
        this.traceEvery = tracer == null ? 0 : tracer.every();
        this.traceCountdown = this.traceEvery;
        this.timedRootMask = TIMED_ROOT_MASK;
    }

    /**
     * Starts tracking a new tree and returns its root: the task's prefix and the executor's next
     * sequence number, skipping any still pending after 2^41 trees. {@code nowNanos} is a recent
     * reading of the clock, used for trees whose latency is not measured (their emit time serves
     * only the pending limit).
     */
    public long track(Object messageId, String streamId, int taskIndex, long nowNanos) {
        if (traceEvery != 0 && --traceCountdown == 0) {
            return trackTraced(messageId, streamId, taskIndex, nowNanos);
        }
        long prefix = rootPrefixes[taskIndex];
        long root;
        do {
            root = RootIds.root(prefix, ids.nextSequence());
        } while (!pending.putIfAbsent(root, messageId, streamId, timed(root) ? clock.nanos() : nowNanos, taskIndex));
        return root;
    }

    /** {@link #track} for a tree that tracing follows: its root carries the trace bit, and it is recorded. */
    private long trackTraced(Object messageId, String streamId, int taskIndex, long nowNanos) {
        traceCountdown = traceEvery;
        long prefix = rootPrefixes[taskIndex];
        long root;
        do {
            root = RootIds.traced(RootIds.root(prefix, ids.nextSequence()));
        } while (!pending.putIfAbsent(root, messageId, streamId, timed(root) ? clock.nanos() : nowNanos, taskIndex));
        tracer.open(root);
        return root;
    }

    /**
     * Whether a tree's complete latency is measured: one tree in eight on real time, by its root
     * (roots are a sequence), as Storm samples its statistics; every tree at a pace that
     * times every call (the step scheduler's).
     * The others report no latency: the statistics leave them out and hooks get null, as in Storm
     * for a tree it did not sample.
     */
    private boolean timed(long root) {
        return (root & timedRootMask) == 0;
    }

    /** Takes the pace of the executor's scheduler: how many trees to time. Before the first tree. */
    public void paceWith(Pace pace) {
        timedRootMask = pace.sampleMask((int) TIMED_ROOT_MASK);
    }

    /** True if the task may not emit now (it has as many trees pending as its limit); tells the limit so. */
    public boolean holdsBack(int taskIndex) {
        if (pending.pendingOf(taskIndex) < limits[taskIndex].limit()) {
            return false;
        }
        limits[taskIndex].reached();
        return true;
    }

    /** Whether the task has as many trees pending as its limit allows. */
    public boolean atLimit(int taskIndex) {
        return pending.pendingOf(taskIndex) >= limits[taskIndex].limit();
    }

    /**
     * An acker's verdict ({@link TreeOutcome#ACKED}, {@code FAILED} or {@code RESET}) on tree
     * {@code root}, which completed at {@code completedNanos}; ignored if the tree timed out
     * already (the spout was told then).
     */
    public void settle(byte kind, long root, long completedNanos) {
        settle(kind, root, completedNanos, null);
    }

    /** {@link #settle(byte, long, long)} with the reason a failed tree failed ({@code FAILED}). */
    public void settle(byte kind, long root, long completedNanos, FailureInfo why) {
        int slot = pending.slotOf(root);
        if (slot < 0) {
            return;
        }
        if (kind == TreeOutcome.RESET) {
            pending.renew(slot);
            return;
        }
        int task = pending.taskIndex(slot);
        Object messageId = pending.messageId(slot);
        long start = pending.startNanos(slot);
        pending.remove(slot);
        if (RootIds.isTraced(root)) {
            tracer.drop(root);
        }
        long latency = timed(root) ? completedNanos - start : -1;
        if (kind == TreeOutcome.ACKED) {
            limits[task].acked(start, completedNanos);
            timeoutWatch.acked();
            outcomes.acked(task, messageId, latency);
        } else {
            outcomes.failed(task, messageId, latency, why);
        }
        if (inactive != 0) {
            publishPending();
        }
    }

    /**
     * One timeout period has passed: fails the trees that outlived it, and returns the warning
     * about a spout whose trees mostly time out, if one is due now, else null.
     */
    public String rotate() {
        pending.rotate(this::timedOut);
        if (inactive != 0) {
            publishPending();
        }
        return timeoutWatch.check(clock.nanos(), limits());
    }

    private void timedOut(int taskIndex, long root, Object messageId, String streamId, long startNanos) {
        long now = clock.nanos();
        limits[taskIndex].timedOut(startNanos, now);
        timeoutWatch.timedOut();
        List<FailureInfo.Holder> heldBy = RootIds.isTraced(root) ? tracer.close(root) : null;
        outcomes.timedOut(taskIndex, messageId, timed(root) ? now - startNanos : -1, heldBy);
    }

    /** Acks a message id once the current user call returns: it started no tree. */
    public void completeNow(int taskIndex, Object messageId) {
        defer(taskIndex, messageId, null);
    }

    /** Fails a message id once the current user call returns: its emit was refused, for the reason {@code why}. */
    public void refused(int taskIndex, Object messageId, FailureInfo why) {
        defer(taskIndex, messageId, why);
    }

    private void defer(int taskIndex, Object messageId, FailureInfo failed) {
        if (deferredCount == deferredIds.length) {
            deferredIds = Arrays.copyOf(deferredIds, deferredCount * 2);
            deferredTasks = Arrays.copyOf(deferredTasks, deferredCount * 2);
            deferredFailed = Arrays.copyOf(deferredFailed, deferredCount * 2);
        }
        deferredTasks[deferredCount] = taskIndex;
        deferredIds[deferredCount] = messageId;
        deferredFailed[deferredCount] = failed;
        deferredCount++;
    }

    /** Delivers the outcomes decided during the last user call; returns how many. */
    public int runDeferred() {
        int n = deferredCount;
        for (int i = 0; i < n; i++) {
            Object id = deferredIds[i];
            deferredIds[i] = null;
            FailureInfo why = deferredFailed[i];
            if (why != null) {
                deferredFailed[i] = null;
                outcomes.failed(deferredTasks[i], id, 0, why);
            } else {
                outcomes.acked(deferredTasks[i], id, 0);
            }
        }
        deferredCount = 0;
        return n;
    }

    /** The spout was deactivated (or told so again): from now on each change of the pending count is published. */
    public void deactivated() {
        inactive = 1;
        publishPending();
    }

    /** The spout was activated again. */
    public void activated() {
        inactive = 0;
        pendingWhileInactive = -1;
    }

    private void publishPending() {
        pendingWhileInactive = pending.size();
        drainSignal.run();
    }

    /**
     * Trees pending, kept current from the moment the executor has handled a deactivation; -1
     * while it is active. Any thread.
     */
    public long pendingWhileInactive() {
        return pendingWhileInactive;
    }

    /** Trees pending; exact only on the owner's thread or when the topology is idle. */
    public int pending() {
        return pending.size();
    }

    public int pendingOf(int taskIndex) {
        return pending.pendingOf(taskIndex);
    }

    /** A task's current pending limit. */
    public int limit(int taskIndex) {
        return limits[taskIndex].limit();
    }

    /** Bytes of the pending table. */
    public long tableBytes() {
        return pending.tableBytes();
    }

    /** Each task's pending limit now, e.g. "[62]" or "[500, 1000]" (of at most the ceiling). */
    private String limits() {
        StringBuilder sb = new StringBuilder("[");
        for (PendingLimit l : limits) {
            sb.append(sb.length() > 1 ? ", " : "").append(l.limit());
        }
        return sb.append("] (max ").append(limits[0].ceiling()).append(')').toString();
    }
}

/** The fields of {@link SpoutTrees} that change after construction, in front of its trailing pad. */
abstract class SpoutTreesFields extends LeadingPad {
    /** Trees whose root has none of these bits set are timed; 0: every tree. Set once, at start. */
    long timedRootMask;
    int deferredCount;
    /** Trees to start until the next traced one. */
    int traceCountdown;
    /** 1 while the spout is deactivated: every change of the pending count is then published. */
    int inactive;
    // Outcomes decided during a user call (an emit with nothing to track is acked, a refused one
    // failed), delivered once the call returns.
    int[] deferredTasks = new int[16];
    Object[] deferredIds = new Object[16];
    /** Why each deferred outcome failed; null for an ack. */
    FailureInfo[] deferredFailed = new FailureInfo[16];
    /** Trees pending, kept current while the spout is deactivated; -1 while it is active. */
    volatile long pendingWhileInactive = -1;
}

/** 128 bytes between {@link SpoutTreesFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class SpoutTreesPad extends SpoutTreesFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
