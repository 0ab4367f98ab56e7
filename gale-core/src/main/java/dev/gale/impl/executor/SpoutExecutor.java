package dev.gale.impl.executor;

import dev.gale.impl.acker.RootIds;
import dev.gale.impl.acker.TreeOutcome;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.spout.PendingLimit;
import dev.gale.impl.spout.SpoutPending;
import dev.gale.impl.spout.SpoutTrees;
import dev.gale.impl.spout.TimeoutWatch;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.time.Pace;
import dev.gale.impl.time.ThreadClock;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.ComponentSettings;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.MessageBatch;
import dev.gale.impl.transfer.PairBatch;
import dev.gale.impl.util.IdGenerator;
import dev.gale.impl.util.LeadingPad;
import dev.gale.impl.util.LongOpenHashIndex;
import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.spout.ICheckpointedSpout;
import dev.gale.spout.ISpout;
import dev.gale.spout.PendingInput;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.stats.ComponentKind;
import dev.gale.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the tasks of a spout on one thread, as a duty cycle: calls {@code nextTuple} in bursts
 * while the spout is active and not held back (by its pending limit, or backpressure
 * downstream), and delivers outcomes to {@code ack} and {@code fail} between those calls, never
 * concurrently with them. The trees' bookkeeping is {@link SpoutTrees}'s, the pace of polling an
 * idle spout {@link PollPacer}'s.
 *
 * <p>Not thread-safe beyond the {@link Executor} contract.
 */
public final class SpoutExecutor extends SpoutExecutorPad implements SpoutTrees.Outcomes {
    private static final Logger LOG = LoggerFactory.getLogger(SpoutExecutor.class);
    private static final int BURST_ROUNDS = 64;
    /**
     * A burst of nextTuple calls ends after this long, so acks, ticks, a kill and the signal that
     * wakes downstream bolts never wait behind a spout that sleeps or blocks in nextTuple.
     */
    private static final long BURST_NANOS = 1_000_000L;
    /** A burst looks at the clock every this many rounds (a power of two) minus one. */
    static final int CLOCK_ROUNDS_MASK = 3;
    /**
     * Calls quicker than this on average (a 64th of a burst) make the burst look at the clock
     * every 16 rounds instead of 4: sixteen such calls overrun the burst by at most a quarter of it.
     */
    private static final long QUICK_CALL_NANOS = BURST_NANOS / 64;
    private static final int QUICK_CLOCK_ROUNDS_MASK = 15;
    private static final int MAX_THROW_STREAK = 1000;

    private final SpoutTask[] tasks;
    private final SpoutTrees trees;
    private final PollPacer pacer;
    private final boolean onSystemClock;
    /** Sends the batched untracked tuples; null when a flush on sleep is unsafe (see {@link #armFlushOnBlock}). */
    private final Runnable flushOnBlock;

    public SpoutExecutor(RuntimeEnv env, ComponentDef def, Inbox inbox, List<Integer> taskIds) {
        super(env, def.id(), inbox, false, env.plan().settingsOf(def.id()).ownThread());
        ComponentSettings settings = env.plan().settingsOf(def.id());
        IdGenerator ids = new IdGenerator();
        this.tasks = new SpoutTask[taskIds.size()];
        Map<String, Object> executorData = new HashMap<>();
        PendingLimit[] limits = new PendingLimit[tasks.length];
        long[] prefixes = new long[tasks.length];
        long timeoutNanos = env.settings().messageTimeoutSecs() * 1_000_000_000L;
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new SpoutTask(new TaskSetup(env, def, taskIds.get(i), outbox, true, executorData), i, ids);
            limits[i] = PendingLimit.of(settings.pending(), timeoutNanos, env.plan().windowHoldNanos());
            prefixes[i] = env.tracking() ? RootIds.prefix(taskIds.get(i)) : 0;
        }
        // Sized for twice the entries it will hold at first: at most half full, probe runs stay
        // short (at 0.8 full, removals scanned long clusters); it grows with the limit.
        SpoutPending pending = new SpoutPending(env.settings().pendingBuckets(), tasks.length,
                LongOpenHashIndex.capacityFor(2 * settings.pending().start() * tasks.length));
        this.trees = new SpoutTrees(pending, limits, prefixes, ids,
                new TimeoutWatch(def.describe(), env.settings().messageTimeoutSecs()), env.clock(),
                this, env.drainSignal()::pendingChanged, env.tracer());
        this.burstBudgetNanos = BURST_NANOS;
        this.pacer = new PollPacer(env.settings().spoutIdleMaxNanos(), MAX_PARK_NANOS);
        this.onSystemClock = env.clock() == Clock.system();
        // A spout marked as blocking sends each tuple at once: its next nextTuple may block.
        outbox.batchUntracked(!wantsOwnThread());
        this.flushOnBlock = wantsOwnThread() || env.settings().inline() ? null : outbox::flushTuples;
    }

    private final class SpoutTask {
        final TaskSetup setup;
        final int index;
        final ISpout spout;
        final SpoutCollector collector;
        /** A spout that relays checkpoints: at its pending limit it still passes them on. */
        final ICheckpointedSpout relay;
        boolean alive = true;

        SpoutTask(TaskSetup setup, int index, IdGenerator ids) {
            this.setup = setup;
            this.index = index;
            this.spout = (ISpout) setup.component;
            this.collector = new SpoutCollector(env, setup.emitter, SpoutExecutor.this, index, ids);
            this.relay = spout instanceof ICheckpointedSpout c && c.isCheckpointed() ? c : null;
        }
    }

    // ---- called by the collectors ------------------------------------------------------------

    /** Starts tracking a new tree of a task and returns its root. */
    long track(Object messageId, String streamId, int taskIndex) {
        return trees.track(messageId, streamId, taskIndex, nowNanos);
    }

    /** Acks a message id on this thread as soon as the current user call returns: it started no tree. */
    void completeNow(int taskIndex, Object messageId) {
        trees.completeNow(taskIndex, messageId);
    }

    /** Reports an emit refused before it started a tree, and fails its message id (if any) once the call returns. */
    void emitRefused(int taskIndex, Object messageId, String what, RuntimeException error, FailureReason reason) {
        int taskId = tasks[taskIndex].setup.taskId;
        env.errors().report(componentId, taskId, what, error);
        reportedByEmit = error;
        if (messageId != null) {
            trees.refused(taskIndex, messageId, FailureInfo.of(reason, componentId, taskId, error));
        }
    }

    long pendingOf(int taskIndex) {
        return trees.pendingOf(taskIndex);
    }

    /** A task's current pending limit (for tests and tools). */
    public int pendingLimit(int taskIndex) {
        return trees.limit(taskIndex);
    }

    @Override
    public long pendingWhileInactive() {
        return trees.pendingWhileInactive();
    }

    @Override
    public int pendingTrees() {
        return trees.pending();
    }

    @Override
    public long trackingBytes() {
        return trees.tableBytes();
    }

    // ---- duty cycle ---------------------------------------------------------------------------

    @Override
    protected void paceWith(Pace pace) {
        this.pace = pace;
        this.burstBudgetNanos = pace.burstBudgetNanos(BURST_NANOS);
        trees.paceWith(pace);
        pacer.paceWith(pace);
    }

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
                errors.whileRunning(t.setup.taskId, "open failed; the task will not emit", e);
            }
        }
        MetricsTicks.schedule(this, env, inbox, Arrays.stream(tasks).map(t -> t.setup).toList());
    }

    @Override
    protected void onControl(Object message) {
        if (message instanceof MetricsTick) {
            ((MetricsTick) message).run();
            return;
        }
        refreshNow();
        if (message == Control.ROTATE) {
            String warning = trees.rotate();
            if (warning != null) {
                LOG.warn("topology '{}', {}", env.plan().name(), warning);
            }
        } else if (message == Control.ACTIVATE && !active) {
            active = true;
            trees.activated();
            everyLiveTask("activate failed", t -> t.spout.activate());
        } else if (message == Control.DEACTIVATE) {
            if (active) {
                active = false;
                everyLiveTask("deactivate failed", t -> t.spout.deactivate());
            }
            trees.deactivated(); // also when inactive already: a drain waits for this
        }
    }

    private interface TaskCall {
        void run(SpoutTask t) throws Exception;
    }

    private void everyLiveTask(String what, TaskCall call) {
        for (SpoutTask t : tasks) {
            if (t.alive) {
                try {
                    call.run(t);
                } catch (Throwable e) {
                    errors.whileRunning(t.setup.taskId, what, e);
                }
            }
        }
    }

    @Override
    public void accept(Object message) {
        // One copy per executor class, on purpose: see Executor.accept.
        refreshNow();
        pacer.outcome();
        long completed = completionStamp();
        if (message instanceof PairBatch) {
            PairBatch batch = (PairBatch) message;
            for (int i = 0; i < batch.size(); i++) {
                trees.settle(TreeOutcome.ACKED, batch.key(i), completed);
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
        trees.settle(o.kind(), o.root(), completionStamp(), o.reason());
    }

    @Override
    protected int ownWork() {
        int work = trees.runDeferred();
        if (!active) {
            pacer.inactive();
            return work;
        }
        long burstStart = System.nanoTime();
        if (pacer.waiting(burstStart)) {
            return work; // polled recently and found nothing: wait for the poll interval
        }
        nowNanos = onSystemClock ? burstStart : env.clock().nanos();
        return work + burst(burstStart, work);
    }

    /**
     * Up to {@value #BURST_ROUNDS} rounds of one nextTuple per task, while calls emit and the
     * burst has time left (its pace's budget: none on the step scheduler, where a real-time cut
     * would make runs irreproducible); returns the calls that emitted. The time is looked at after the first round,
     * so that a nextTuple that blocks does not keep outcomes waiting behind a second call, and then
     * every 4 rounds (16 once the calls prove quick): a clock read per tuple is a visible share of
     * a fast spout's thread.
     */
    private int burst(long burstStart, int workBefore) {
        boolean throttled = false;
        int emitted = 0;
        int work = workBefore;
        ThreadClock.BlockingHook armed = armFlushOnBlock();
        try {
            for (int round = 0; round < BURST_ROUNDS; round++) {
                if (round > 0 && (!isRunning() || asleep()
                        || (round == 1 || (round & clockMask) == 0) && burstTooLong(burstStart, round))) {
                    break;
                }
                boolean any = false;
                for (SpoutTask t : tasks) {
                    if (!t.alive) {
                        continue;
                    }
                    if (outbox.overflowSize() > 0 || env.backpressure().isCongested()) {
                        // Held back downstream: the executor parks until the queue (own overflow) or
                        // the backpressure flag lets it go, woken by whoever frees the room.
                        pacer.heldBack(outbox.overflowSize() > 0);
                        return emitted + work - workBefore;
                    }
                    if (trees.holdsBack(t.index)) {
                        if (t.relay == null) {
                            throttled = true;
                        } else if (relayCheckpoints(t)) {
                            any = true;
                            emitted++;
                        }
                        continue;
                    }
                    long before = t.setup.emitter.emits;
                    work += callNextTuple(t);
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
            if (armed != null) {
                armed.clear();
            }
        }
        pacer.afterBurst(emitted + work, throttled, burstStart);
        return emitted + work - workBefore;
    }

    /**
     * A checkpoint relay at its pending limit passes on the checkpoints due; returns true if it
     * emitted. It is not counted as throttled: its open trees wait for those checkpoints rather than
     * for acks, so it is polled on the idle schedule instead of parking for a signal.
     */
    private boolean relayCheckpoints(SpoutTask t) {
        long before = t.setup.emitter.emits;
        try {
            t.relay.relayCheckpoints();
        } catch (Throwable e) {
            reportUnlessReported(t, "relayCheckpoints threw", e);
        }
        reportedByEmit = null;
        trees.runDeferred();
        return t.setup.emitter.emits != before;
    }

    /** One nextTuple of a task, then the outcomes it decided; returns the work that counts besides emits. */
    private int callNextTuple(SpoutTask t) {
        int work = 0;
        try {
            t.spout.nextTuple();
        } catch (Throwable e) {
            reportUnlessReported(t, "nextTuple threw", e);
            // A call that threw did something (an error was reported) and the next may emit:
            // count it, so a step does not call the topology idle on it; but not forever, or a
            // spout that always throws would never let a step end.
            if (++throwStreak <= MAX_THROW_STREAK) {
                work++;
            }
        }
        reportedByEmit = null;
        return work + trees.runDeferred();
    }

    /**
     * Makes Time's sleeps on this thread send the untracked tuples batched so far, for the burst:
     * a spout that emits and then sleeps in a later nextTuple (the usual "nothing to read: sleep
     * 50 ms") would otherwise hold them for the sleep. Not with inline hand-offs, whose receivers
     * run inside this spout's sends and could flush a batch that is being sent. (A sleep in
     * simulated time does not block, so it never calls the hook.) Null when not armed.
     */
    private ThreadClock.BlockingHook armFlushOnBlock() {
        if (flushOnBlock == null) {
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
        nowNanos = onSystemClock ? t : env.clock().nanos();
        long elapsed = t - burstStartNanos;
        clockMask = elapsed < rounds * QUICK_CALL_NANOS ? QUICK_CLOCK_ROUNDS_MASK : CLOCK_ROUNDS_MASK;
        return elapsed > burstBudgetNanos;
    }

    private void refreshNow() {
        nowNanos = env.clock().nanos();
    }

    /** When a tree whose outcome is being handled completed (see {@link #nowNanos}). */
    private long completionStamp() {
        return pace.stamp(env.clock(), nowNanos);
    }

    @Override
    public boolean quiet() {
        return pacer.quiet(active);
    }

    @Override
    protected long idleParkNanos() {
        if (pacer.takeCongested()) {
            // Registered, the bolts' exit from congestion unparks us; not congested any more: no park.
            return env.backpressure().awaitClear(parker()) ? MAX_PARK_NANOS : 0;
        }
        return pacer.parkNanos(active);
    }

    // ---- outcomes, to the spout ---------------------------------------------------------------

    @Override
    public void acked(int taskIndex, Object messageId, long latencyNanos) {
        SpoutTask t = tasks[taskIndex];
        t.setup.metrics.completed(latencyNanos);
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

    @Override
    public void failed(int taskIndex, Object messageId, long latencyNanos, FailureInfo why) {
        SpoutTask t = tasks[taskIndex];
        if (why == null) { // a fail sent by nothing Gale knows, so no reason: say it failed here
            why = FailureInfo.failed(componentId, t.setup.taskId);
        }
        t.setup.metrics.failed(why.reason());
        callFail(t, messageId, latencyNanos, why);
    }

    @Override
    public void timedOut(int taskIndex, Object messageId, long latencyNanos, List<FailureInfo.Holder> heldBy) {
        SpoutTask t = tasks[taskIndex];
        t.setup.metrics.timedOut();
        FailureInfo why = FailureInfo.timeout(componentId, t.setup.taskId, heldBy != null,
                heldBy == null ? List.of() : heldBy);
        callFail(t, messageId, latencyNanos, why);
    }

    private void callFail(SpoutTask t, Object messageId, long latencyNanos, FailureInfo why) {
        if (env.observer() != null) {
            env.observer().failed(componentId, t.setup.taskId, messageId);
        }
        try {
            if (t.spout instanceof FailureAware) {
                ((FailureAware) t.spout).fail(messageId, why);
            } else {
                t.spout.fail(messageId);
            }
        } catch (Throwable e) {
            reportUnlessReported(t, "fail(" + messageId + ") threw", e);
        }
        t.setup.hooks.spoutFail(messageId, latencyNanos);
    }

    /** Reports what a user call threw, unless it is a refused emit's exception, reported with its stream already. */
    private void reportUnlessReported(SpoutTask t, String what, Throwable e) {
        Throwable reported = reportedByEmit;
        reportedByEmit = null;
        if (e != reported) {
            errors.whileRunning(t.setup.taskId, what, e);
        }
    }

    @Override
    public boolean hasPendingInput() {
        if (!active) {
            return false;
        }
        for (SpoutTask t : tasks) {
            // A task at its pending limit cannot emit until trees complete or time out: not busy.
            if (t.alive && !trees.atLimit(t.index) && t.spout instanceof PendingInput
                    && ((PendingInput) t.spout).hasPendingInput()) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected void shutdown() {
        for (SpoutTask t : tasks) {
            errors.stopTask(t.setup, "close failed", t.spout::close);
        }
    }

    @Override
    public ComponentKind kind() {
        return ComponentKind.SPOUT;
    }

    @Override
    public List<TaskMetrics> metrics() {
        return TaskSetup.metricsOf(tasks, t -> t.setup);
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

/** The fields of {@link SpoutExecutor} that change after construction, in front of its trailing pad. */
abstract class SpoutExecutorFields extends Executor {
    /** The pace of the scheduler running this executor; set once, when it starts. */
    Pace pace = Pace.REAL_TIME;
    /** How long a burst may run at that pace; set once, when it starts. */
    long burstBudgetNanos;
    boolean active = true;
    /**
     * A recent reading of the clock: taken at the start of a burst and every few rounds, per
     * message or batch of outcomes, and per control message. A clock read costs tens of
     * nanoseconds, and the spout's thread sets the pace of an acked pipeline, so
     * only the trees whose latency is measured read the clock when they start; the others start
     * with this reading (earlier than their emit by up to a nextTuple call that blocked), which
     * serves only the pending limit. A tree completes at this reading as of its outcome's batch.
     */
    long nowNanos;
    /** Calls of nextTuple in a row that threw without emitting; see {@link SpoutExecutor#burst}. */
    int throwStreak;
    /** The mask the burst uses now: {@link SpoutExecutor#CLOCK_ROUNDS_MASK}, or the quick one once calls prove quick. */
    int clockMask = SpoutExecutor.CLOCK_ROUNDS_MASK;
    /** The blocking hook of the thread this executor last ran a burst on, and that thread. */
    ThreadClock.BlockingHook hook;
    Thread hookThread;
    /** The exception a refused emit reported already, so the nextTuple it escapes does not report it again. */
    Throwable reportedByEmit;

    SpoutExecutorFields(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource, boolean ownThread) {
        super(env, componentId, inbox, congestionSource, ownThread);
    }
}

/** 128 bytes between {@link SpoutExecutorFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class SpoutExecutorPad extends SpoutExecutorFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SpoutExecutorPad(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource, boolean ownThread) {
        super(env, componentId, inbox, congestionSource, ownThread);
    }
}
