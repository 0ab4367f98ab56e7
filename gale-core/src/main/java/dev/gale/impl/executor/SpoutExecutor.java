package dev.gale.impl.executor;

import dev.gale.impl.transfer.AckBatch;
import dev.gale.impl.transfer.MessageBatch;
import dev.gale.impl.transfer.TreeOutcome;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.time.ThreadClock;
import dev.gale.impl.spout.PendingLimit;
import dev.gale.impl.spout.SpoutPending;
import dev.gale.impl.spout.TimeoutWatch;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.RootIds;
import dev.gale.impl.util.LongOpenHashIndex;
import dev.gale.spout.ISpout;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.testing.PendingInput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the tasks of a spout on one thread: calls {@code nextTuple} while the spout is active and
 * not throttled (max spout pending reached, or backpressure downstream), and delivers acks, fails
 * and timeouts to {@code ack} / {@code fail} between those calls, never concurrently with them.
 *
 * <p>Not thread-safe beyond the {@link Executor} contract.
 */
public final class SpoutExecutor extends Executor {
    private static final Logger LOG = LoggerFactory.getLogger(SpoutExecutor.class);
    private static final int BURST_ROUNDS = 64;
    /**
     * A burst of nextTuple calls ends after this long, so acks, ticks, a kill and the signal that
     * wakes downstream bolts never wait behind a spout that sleeps or blocks in nextTuple.
     */
    private static final long BURST_NANOS = 1_000_000L;

    private final SpoutTask[] tasks;
    private final SpoutPending pending;
    private final IdGenerator ids = new IdGenerator();
    private final TimeoutWatch timeoutWatch;
    private final long idleMaxNanos;
    private boolean active = true;
    /** Pending trees as of the last change while deactivated, for a drain; -1 while active. */
    private volatile long pendingWhileInactive = -1;
    private long parkNanos = MAX_PARK_NANOS;
    /** The last cycle stopped because a bolt downstream holds an overflow (backpressure). */
    private boolean congested;
    /** Consecutive cycles in which nextTuple emitted nothing: the idle park grows with them. */
    private int emptyCycles;
    /**
     * After cycles that emitted nothing, when (System.nanoTime) to call nextTuple again: the
     * thread may be shared with other executors and keep running, and an idle spout must not be
     * polled on every pass. Not used on the step scheduler, whose passes are the test's.
     */
    private long nextPollAt;
    /** When (System.nanoTime) the current run of empty cycles began; see {@link #quiet()}. */
    private long silentSince;
    /**
     * A recent reading of the clock: taken at the start of a burst and every few rounds, per
     * message or batch of outcomes, and per control message. A clock read costs this machine 20 ns
     * or more in a loop that does nothing else, and the spout's thread sets the pace of an acked
     * pipeline, so only the timed trees (see {@link #timed}) read the clock when they start. The
     * others start with this reading, which is earlier than their emit (by up to a nextTuple call
     * that blocked) and serves only the pending limit's bookkeeping. A tree completes at this
     * reading as of its outcome's batch, which is after the acker completed it.
     */
    private long nowNanos;
    /**
     * 1 if the last cycle left a task at its pending limit: only acks (or timeouts) let it emit
     * again. An int, not a boolean: the JVM lays out a class's ints before its booleans, so this
     * one sits in front of the trailing pad with the other fields written every cycle.
     */
    private int throttledLast;
    /** Calls of nextTuple in a row that threw without emitting; see ownWork. */
    private int throwStreak;
    /** The mask the burst uses now: {@link #CLOCK_ROUNDS_MASK}, or the quick one once calls prove quick. */
    private int clockMask = CLOCK_ROUNDS_MASK;
    private static final int MAX_THROW_STREAK = 1000;
    private static final long MIN_POLL_GRID_NANOS = 1_000_000L;
    /** How long a spout must have emitted nothing before it counts as {@link #quiet()}. */
    static final long QUIET_NANOS = 1_000_000_000L;
    /** A burst looks at the clock every this many rounds (a power of two) minus one. */
    private static final int CLOCK_ROUNDS_MASK = 3;
    /**
     * Calls quicker than this on average (a 64th of a burst) make the burst look at the clock
     * every 16 rounds instead of 4: sixteen such calls overrun the burst by at most a quarter of it.
     */
    private static final long QUICK_CALL_NANOS = BURST_NANOS / 64;
    private static final int QUICK_CLOCK_ROUNDS_MASK = 15;
    /** On real time, the trees whose latency is measured: those whose root ends in these bits all 0. */
    private static final long TIMED_ROOT_MASK = 7;

    // Outcomes decided during a user call (an emit with nothing to track is acked, a refused one
    // failed), delivered once the call returns so ack/fail never run inside nextTuple.
    private int[] deferredTasks = new int[16];
    private Object[] deferredIds = new Object[16];
    private boolean[] deferredFailed = new boolean[16];
    private int deferredCount;
    /**
     * The trailing pad (see {@link dev.gale.impl.util.LeadingPad}): fields written per tuple or call
     * in front, the next object behind.
     */
    int r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15,
            r16, r17, r18, r19, r20, r21, r22, r23, r24, r25, r26, r27, r28, r29, r30, r31;
    /** Sends the batched untracked tuples; null when none are batched or a flush on sleep is unsafe (see {@link #armFlushOnBlock}). */
    private final Runnable flushOnBlock;
    /** The blocking hook of the thread this executor last ran a burst on, and that thread. */
    private ThreadClock.BlockingHook hook;
    private Thread hookThread;
    /** The exception a refused emit reported already, so the nextTuple it escapes does not report it again. */
    private Throwable reportedByEmit;

    public SpoutExecutor(RuntimeEnv env, ComponentDef def, Inbox inbox, List<Integer> taskIds) {
        super(env, def.id(), inbox, false);
        this.tasks = new SpoutTask[taskIds.size()];
        Map<String, Object> executorData = new HashMap<>();
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new SpoutTask(new TaskSetup(env, def, taskIds.get(i), outbox, true, executorData), i);
        }
        wantOwnThread(dev.gale.utils.ConfigValues.getBoolean(tasks[0].setup.conf,
                dev.gale.Config.GALE_EXECUTOR_OWN_THREAD, false));
        // A spout marked as blocking sends each tuple at once: its next nextTuple may block.
        outbox.batchUntracked(!wantsOwnThread());
        this.flushOnBlock = wantsOwnThread() || inlineHandOffs() ? null : outbox::flushTuples;
        long timeoutNanos = env.settings().messageTimeoutSecs() * 1_000_000_000L;
        long holdNanos = PendingLimit.holdNanos(env.plan().components().values().stream().map(ComponentDef::conf)
                .toList());
        for (SpoutTask t : tasks) {
            t.limit = PendingLimit.of(tasks[0].setup.conf, timeoutNanos, holdNanos);
        }
        int maxPending = PendingLimit.startingLimit(tasks[0].setup.conf);
        this.timeoutWatch = new TimeoutWatch(def.describe(), env.settings().messageTimeoutSecs());
        this.idleMaxNanos = env.settings().spoutIdleMaxNanos();
        int expected = maxPending * tasks.length;
        // Sized for twice the entries it will hold: at most half full, probe runs stay short
        // (at 0.8 full, removals scanned long clusters); a few KB more per spout.
        this.pending = new SpoutPending(env.settings().pendingBuckets(), tasks.length,
                LongOpenHashIndex.capacityFor(2 * expected));
    }

    private final class SpoutTask {
        final TaskSetup setup;
        final int index;
        final ISpout spout;
        final SpoutCollector collector;
        /** What every root of this task starts with: it names the task to the acker. */
        final long rootPrefix;
        /** Trees this task may have pending now; ackers off, nothing is pending, so it never binds. */
        PendingLimit limit;
        boolean alive = true;

        boolean atLimit() {
            return pending.pendingOf(index) >= limit.limit();
        }

        SpoutTask(TaskSetup setup, int index) {
            this.setup = setup;
            this.index = index;
            this.spout = (ISpout) setup.component;
            this.collector = new SpoutCollector(env, setup.emitter, SpoutExecutor.this, index, ids);
            this.rootPrefix = env.tracking() ? RootIds.prefix(setup.taskId) : 0;
        }
    }

    // ---- called by the collectors ------------------------------------------------------------

    /**
     * Starts tracking a new tree and returns its root: the task's prefix and the executor's next
     * sequence number, skipping any still pending after 2^42 trees.
     */
    long track(Object messageId, String streamId, int taskIndex) {
        long prefix = tasks[taskIndex].rootPrefix;
        long root;
        do {
            root = RootIds.root(prefix, ids.nextSequence());
        } while (!pending.putIfAbsent(root, messageId, streamId, timed(root) ? env.clock().nanos() : nowNanos,
                taskIndex));
        return root;
    }

    /**
     * Whether a tree's complete latency is measured: one tree in eight on real time, by its root
     * (roots are a sequence), as Storm samples its statistics; every tree on the step scheduler,
     * so that tests on simulated time see exact figures. The others report no latency: the
     * statistics leave them out and hooks get null, as in Storm for a tree it did not sample.
     */
    private boolean timed(long root) {
        return env.stepped() || (root & TIMED_ROOT_MASK) == 0;
    }

    /** Acks a message id on this thread as soon as the current user call returns. */
    void completeNow(int taskIndex, Object messageId) {
        defer(taskIndex, messageId, false);
    }

    /** Reports an emit refused before it started a tree, and fails its message id (if any) once the call returns. */
    void emitRefused(int taskIndex, Object messageId, String what, RuntimeException error) {
        env.errors().report(componentId, tasks[taskIndex].setup.taskId, what, error);
        reportedByEmit = error;
        if (messageId != null) {
            defer(taskIndex, messageId, true);
        }
    }

    private void defer(int taskIndex, Object messageId, boolean failed) {
        if (deferredCount == deferredIds.length) {
            deferredIds = java.util.Arrays.copyOf(deferredIds, deferredCount * 2);
            deferredTasks = java.util.Arrays.copyOf(deferredTasks, deferredCount * 2);
            deferredFailed = java.util.Arrays.copyOf(deferredFailed, deferredCount * 2);
        }
        deferredTasks[deferredCount] = taskIndex;
        deferredIds[deferredCount] = messageId;
        deferredFailed[deferredCount] = failed;
        deferredCount++;
    }

    /** Each task's pending limit now, e.g. "[62]" or "[500, 1000]" (of at most the ceiling). */
    private String limits() {
        StringBuilder sb = new StringBuilder("[");
        for (SpoutTask t : tasks) {
            sb.append(sb.length() > 1 ? ", " : "").append(t.limit.limit());
        }
        return sb.append("] (max ").append(tasks[0].limit.ceiling()).append(')').toString();
    }

    /** A task's current pending limit (for tests and tools). */
    public int pendingLimit(int taskIndex) {
        return tasks[taskIndex].limit.limit();
    }

    long pendingOf(int taskIndex) {
        return pending.pendingOf(taskIndex);
    }

    /**
     * Trees pending, kept up to date from the moment this executor has handled a deactivation
     * (then it also tells the drain of each change); -1 while it is active or has not yet
     * handled the deactivation. Any thread.
     */
    public long pendingWhileInactive() {
        return pendingWhileInactive;
    }

    private void publishPendingWhileInactive() {
        pendingWhileInactive = pending.size();
        env.drainSignal().pendingChanged();
    }

    /** Trees of this executor's tasks not yet complete; read it when the topology is idle. */
    public int pendingTrees() {
        return pending.size();
    }

    // ---- duty cycle ---------------------------------------------------------------------------

    @Override
    protected void init() {
        refreshNow();
        active = env.startsActive();
        for (SpoutTask t : tasks) {
            try {
                t.spout.open(t.setup.conf, t.setup.context, new SpoutOutputCollector(t.collector));
                if (active) {
                    t.spout.activate();
                }
            } catch (Throwable e) {
                t.alive = false;
                userError(t.setup.taskId, "open failed; the task will not emit", e);
            }
        }
        MetricsTicks.schedule(this, env, inbox, java.util.Arrays.stream(tasks).map(t -> t.setup).toList());
    }

    @Override
    protected void onControl(Object message) {
        if (message instanceof MetricsTick) {
            ((MetricsTick) message).run();
            return;
        }
        refreshNow();
        if (message == Control.ROTATE) {
            pending.rotate(this::timedOut);
            if (!active) {
                publishPendingWhileInactive();
            }
            String warning = timeoutWatch.check(env.clock().nanos(), limits());
            if (warning != null) {
                LOG.warn("topology '{}', {}", env.plan().name(), warning);
            }
        } else if (message == Control.ACTIVATE && !active) {
            active = true;
            pendingWhileInactive = -1;
            for (SpoutTask t : tasks) {
                if (t.alive) {
                    try {
                        t.spout.activate();
                    } catch (Throwable e) {
                        userError(t.setup.taskId, "activate failed", e);
                    }
                }
            }
        } else if (message == Control.DEACTIVATE) {
            if (active) {
                active = false;
                for (SpoutTask t : tasks) {
                    if (t.alive) {
                        try {
                            t.spout.deactivate();
                        } catch (Throwable e) {
                            userError(t.setup.taskId, "deactivate failed", e);
                        }
                    }
                }
            }
            publishPendingWhileInactive(); // also when inactive already: a drain waits for this
        }
    }

    private void timedOut(int taskIndex, long root, Object messageId, String streamId, long startNanos) {
        long now = env.clock().nanos();
        tasks[taskIndex].limit.timedOut(startNanos, now);
        timeoutWatch.timedOut();
        tasks[taskIndex].setup.metrics.timedOut();
        callFail(tasks[taskIndex], messageId, timed(root) ? now - startNanos : -1);
    }

    @Override
    public void accept(Object message) {
        // One copy per executor class, on purpose: see Executor.accept.
        refreshNow();
        if (message instanceof AckBatch) {
            AckBatch batch = (AckBatch) message;
            for (int i = 0; i < batch.size(); i++) {
                settle(TreeOutcome.ACKED, batch.root(i));
            }
        } else if (message instanceof MessageBatch) {
            MessageBatch batch = (MessageBatch) message;
            for (int i = 0; i < batch.size(); i++) {
                onMessage(batch.get(i));
            }
        } else {
            onMessage(message);
        }
    }

    @Override
    protected void onMessage(Object message) {
        TreeOutcome o = (TreeOutcome) message;
        settle(o.kind(), o.root());
    }

    /** An acker's verdict ({@link TreeOutcome#ACKED}, {@code FAILED} or {@code RESET}) on tree {@code root}. */
    private void settle(byte kind, long root) {
        emptyCycles = 0;
        int slot = pending.slotOf(root);
        if (slot < 0) {
            return; // timed out already: the spout was told then
        }
        SpoutTask t = tasks[pending.taskIndex(slot)];
        if (kind == TreeOutcome.RESET) {
            pending.renew(slot);
            return;
        }
        Object messageId = pending.messageId(slot);
        long start = pending.startNanos(slot);
        pending.remove(slot);
        if (kind == TreeOutcome.ACKED) {
            long completed = completionStamp();
            t.limit.acked(start, completed);
            timeoutWatch.acked();
            long latency = timed(root) ? completed - start : -1;
            t.setup.metrics.completed(latency);
            callAck(t, messageId, latency);
        } else {
            t.setup.metrics.failed();
            callFail(t, messageId, timed(root) ? completionStamp() - start : -1);
        }
        if (!active) {
            publishPendingWhileInactive();
        }
    }

    @Override
    protected int ownWork() {
        int work = runDeferred();
        if (!active) {
            parkNanos = MAX_PARK_NANOS;
            return work;
        }
        boolean throttled = false;
        int emitted = 0;
        long burstStart = System.nanoTime();
        if (emptyCycles > 0 && !env.stepped() && burstStart - nextPollAt < 0) {
            return work; // polled recently and found nothing: wait for the poll interval
        }
        nowNanos = onSystemClock() ? burstStart : env.clock().nanos();
        ThreadClock.BlockingHook hook = armFlushOnBlock();
        try {
            for (int round = 0; round < BURST_ROUNDS; round++) {
                // Stepped, a burst ends by rounds only: a real-time cut would make runs irreproducible.
                // The time is looked at after the first round, so that a nextTuple that blocks does
                // not keep outcomes waiting behind a second call, and then every 4 rounds (16 once the
                // calls prove quick): a clock read per tuple was a tenth of a fast spout's thread.
                if (round > 0 && (!isRunning() || asleep() || !env.stepped()
                        && (round == 1 || (round & clockMask) == 0) && burstTooLong(burstStart, round))) {
                    break;
                }
                boolean any = false;
                for (SpoutTask t : tasks) {
                    if (!t.alive) {
                        continue;
                    }
                    if (outbox.overflowSize() > 0 || env.backpressure().isCongested()) {
                        // Held back downstream: the executor parks until the queue (own overflow) or
                        // the backpressure flag lets us go, woken by whoever frees the room.
                        congested = outbox.overflowSize() == 0;
                        parkNanos = MAX_PARK_NANOS;
                        return work + emitted;
                    }
                    if (t.atLimit()) {
                        t.limit.reached();
                        throttled = true;
                        continue;
                    }
                    long before = t.setup.emitter.emits;
                    try {
                        t.spout.nextTuple();
                    } catch (Throwable e) {
                        reportUnlessReported(t, "nextTuple threw", e);
                        // A call that threw did something (an error was reported) and the next may
                        // emit: count it, so a step does not call the topology idle on it; but not
                        // forever, or a spout that always throws would never let a step end.
                        if (++throwStreak <= MAX_THROW_STREAK) {
                            work++;
                        }
                    }
                    reportedByEmit = null;
                    work += runDeferred();
                    if (t.setup.emitter.emits != before) {
                        throwStreak = 0;
                        any = true;
                        emitted++;
                    }
                }
                if (!any) {
                    break;
                }
            }
        } finally {
            if (hook != null) {
                hook.clear();
            }
        }
        // Throttled by max pending: acks wake us. Nothing to emit: poll again after a pause that
        // doubles from 50 us up to the configured cap, so an idle spout costs next to no CPU.
        if (emitted > 0 || work > 0) {
            emptyCycles = 0;
        } else if (!throttled && emptyCycles++ == 0) {
            silentSince = burstStart;
        }
        parkNanos = throttled ? MAX_PARK_NANOS : Math.min(idleMaxNanos, 50_000L << Math.min(emptyCycles, 20));
        throttledLast = throttled ? 1 : 0;
        if (emptyCycles > 0) {
            nextPollAt = nextPollAt(System.nanoTime(), parkNanos);
        }
        return work + emitted;
    }

    /**
     * Makes Time's sleeps on this thread send the untracked tuples batched so far, for the burst:
     * a spout that emits and then sleeps in a later nextTuple (the usual "nothing to read: sleep
     * 50 ms") would otherwise hold them for the sleep. Not with inline hand-offs, whose receivers
     * run inside this spout's sends and could flush a batch that is being sent; not stepped, where
     * a sleep ends the cycle anyway. Null when not armed.
     */
    private ThreadClock.BlockingHook armFlushOnBlock() {
        if (flushOnBlock == null || env.stepped()) {
            return null;
        }
        Thread t = Thread.currentThread();
        if (t != hookThread) {
            hookThread = t;
            hook = ThreadClock.blockingHook();
        }
        hook.arm(flushOnBlock);
        return hook;
    }

    /**
     * Whether the burst that started then has run its time after {@code rounds} rounds; refreshes
     * the stamp on the way, and sets how often the burst looks again (see {@link #QUICK_CALL_NANOS}).
     */
    private boolean burstTooLong(long burstStartNanos, int rounds) {
        long t = System.nanoTime();
        nowNanos = onSystemClock() ? t : env.clock().nanos();
        long elapsed = t - burstStartNanos;
        clockMask = elapsed < rounds * QUICK_CALL_NANOS ? QUICK_CLOCK_ROUNDS_MASK : CLOCK_ROUNDS_MASK;
        return elapsed > BURST_NANOS;
    }

    /**
     * Whether the topology runs on the system clock, whose reading a burst takes anyway for its cut.
     * Not a field: a boolean more would move this class's per-cycle booleans behind its pad.
     */
    private boolean onSystemClock() {
        return env.clock() == dev.gale.time.Clock.system();
    }

    private void refreshNow() {
        nowNanos = env.clock().nanos();
    }

    /** When a tree whose outcome is being handled completed (see {@link #nowNanos}). */
    private long completionStamp() {
        return env.stepped() ? env.clock().nanos() : nowNanos;
    }

    /**
     * When an idle spout polls next: {@code pauseNanos} from now, or, for pauses of a millisecond
     * or more, the next multiple of the pause, so that idle spouts sharing a thread poll on a common
     * grid and one wake-up serves them all. Either way the wait is at most the pause (rounding
     * up from now plus the pause had made it up to twice as long).
     */
    static long nextPollAt(long nowNanos, long pauseNanos) {
        if (pauseNanos < MIN_POLL_GRID_NANOS) {
            return nowNanos + pauseNanos;
        }
        return Math.floorDiv(nowNanos, pauseNanos) * pauseNanos + pauseNanos;
    }

    /**
     * Silent for {@link #QUIET_NANOS}: active, not throttled, and since then nextTuple emitted
     * nothing and no tree's outcome came in (either ends the empty run).
     */
    @Override
    public boolean quiet() {
        return active && throttledLast == 0 && emptyCycles > 0 && nextPollAt - silentSince >= QUIET_NANOS;
    }

    @Override
    protected long idleParkNanos() {
        if (congested) {
            congested = false;
            // Registered, the bolts' exit from congestion unparks us; not congested any more: no park.
            return env.backpressure().awaitClear(parker()) ? MAX_PARK_NANOS : 0;
        }
        if (!active || throttledLast != 0 || emptyCycles == 0) {
            return parkNanos;
        }
        return Math.max(0, nextPollAt - System.nanoTime());
    }

    private int runDeferred() {
        int n = deferredCount;
        for (int i = 0; i < deferredCount; i++) {
            SpoutTask t = tasks[deferredTasks[i]];
            Object id = deferredIds[i];
            deferredIds[i] = null;
            if (deferredFailed[i]) {
                t.setup.metrics.failed();
                callFail(t, id, 0);
            } else {
                t.setup.metrics.completed(0);
                callAck(t, id, 0);
            }
        }
        deferredCount = 0;
        return n;
    }

    /** Reports what a user call threw, unless it is a refused emit's exception, reported with its stream already. */
    private void reportUnlessReported(SpoutTask t, String what, Throwable e) {
        Throwable reported = reportedByEmit;
        reportedByEmit = null;
        if (e != reported) {
            userError(t.setup.taskId, what, e);
        }
    }

    private void callAck(SpoutTask t, Object messageId, long latencyNanos) {
        if (env.observer() != null) {
            env.observer().acked(componentId, t.setup.taskId, messageId);
        }
        try {
            t.spout.ack(messageId);
        } catch (Throwable e) {
            reportUnlessReported(t, "ack(" + messageId + ") threw", e);
        }
        t.setup.hooks.spoutAck(messageId, latencyNanos);
    }

    private void callFail(SpoutTask t, Object messageId, long latencyNanos) {
        if (env.observer() != null) {
            env.observer().failed(componentId, t.setup.taskId, messageId);
        }
        try {
            t.spout.fail(messageId);
        } catch (Throwable e) {
            reportUnlessReported(t, "fail(" + messageId + ") threw", e);
        }
        t.setup.hooks.spoutFail(messageId, latencyNanos);
    }

    @Override
    protected boolean hasPendingInput() {
        if (!active) {
            return false;
        }
        for (SpoutTask t : tasks) {
            // A task at max pending cannot emit until trees complete or time out: not busy.
            if (t.alive && !t.atLimit() && t.spout instanceof PendingInput && ((PendingInput) t.spout).hasPendingInput()) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected void shutdown() {
        for (SpoutTask t : tasks) {
            try {
                t.spout.close();
            } catch (Throwable e) {
                userErrorWhileStopping(t.setup.taskId, "close failed", e);
            }
            t.setup.hooks.cleanup();
        }
    }

    @Override
    public List<TaskMetrics> metrics() {
        List<TaskMetrics> out = new ArrayList<>(tasks.length);
        for (SpoutTask t : tasks) {
            out.add(t.setup.metrics);
        }
        return out;
    }

    /** The user spout objects of this executor's tasks (for tests and tools). */
    public List<ISpout> spouts() {
        List<ISpout> out = new ArrayList<>(tasks.length);
        for (SpoutTask t : tasks) {
            out.add(t.spout);
        }
        return out;
    }
}
