package dev.gale.impl.executor;

import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.sched.DutyCycle;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.time.SteppedSleep;
import dev.gale.impl.time.ThreadClock;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.InlineReceiver;
import dev.gale.impl.transfer.MessageBatch;
import dev.gale.impl.transfer.Outbox;
import dev.gale.impl.transfer.Parker;
import dev.gale.impl.util.LeadingPad;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.TaskStats;
import dev.gale.topology.FatalTopologyException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jctools.queues.MessagePassingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tasks of one component that run together, as a {@link DutyCycle}: each call of
 * {@link #doWork} handles control messages, then what the outbox could not deliver, then a batch
 * of the inbox, then its own work (a spout's {@code nextTuple}), and signals the inboxes it sent
 * to. It owns no thread: a scheduler runs it, possibly with other executors on the same thread,
 * possibly moving it to another thread between calls.
 *
 * <p>All task code runs inside the scheduler's calls, one at a time. Other threads only read the
 * counters and flags marked volatile.
 */
public abstract class Executor extends LeadingPad implements DutyCycle, MessagePassingQueue.Consumer<Object>, SteppedSleep,
        InlineReceiver {
    private static final Logger LOG = LoggerFactory.getLogger(Executor.class);
    private static final int BATCH = 256;
    /** Longest park budget: a parked thread is woken by the producers that fill its inboxes. */
    protected static final long MAX_PARK_NANOS = 5_000_000_000L;

    protected final RuntimeEnv env;
    protected final String componentId;
    protected final Inbox inbox;
    protected final Outbox outbox;
    private final String name;
    private final boolean stepped;
    private final Consumer<Object> controlHandler = this::onControl;
    private volatile boolean running = true;
    private volatile boolean busy;
    private volatile long activity;
    /** What the last cycle did (0: nothing); read at a safe point only (see {@link #idleAtSafePoint()}). */
    private int lastWork = 1;
    private Parker boundParker;
    /** Under the step scheduler: simulated time until which user code "sleeps" (see {@link SteppedSleep}). */
    private long asleepUntilNanos = Long.MIN_VALUE;
    private boolean ownThread;
    private int affinity = -1;
    /** Taken while a thread runs this executor, for a cycle or an inline hand-off (with inline hand-offs on). */
    private final RunGate gate = new RunGate();
    private volatile boolean started;
    /** Whether senders on this thread may hand messages over inline (gale.scheduler.inline). */
    private final boolean inline;
    /** Longest chain of executors handing off inline within one call; deeper hand-offs are queued. */
    private static final int MAX_INLINE_DEPTH = 16;

    protected Executor(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource) {
        this.env = env;
        this.componentId = componentId;
        this.inbox = inbox;
        this.name = inbox.name();
        this.stepped = env.stepped();
        this.outbox = new Outbox(env.inboxByTask(), env.executorCount(), congestionSource, env.backpressure());
        this.inline = env.settings().inline();
        if (inline) {
            inbox.inlineReceiver(this);
        }
    }

    /** Whether senders on this executor's thread may hand messages to it inline (gale.scheduler.inline). */
    protected final boolean inlineHandOffs() {
        return inline;
    }

    /** Which thread of a shared pool this executor prefers (its index among its component's executors). */
    public final void affinity(int index) {
        this.affinity = index;
    }

    @Override
    public final int affinity() {
        return affinity;
    }

    /** Asks for a thread of its own (the component's {@code gale.executor.own.thread} setting). */
    protected final void wantOwnThread(boolean own) {
        this.ownThread = own;
    }

    @Override
    public final boolean wantsOwnThread() {
        return ownThread;
    }

    /** Called before the first cycle, on the thread that will run it: open / prepare the tasks. */
    protected abstract void init();

    /** Handles one control message. */
    protected abstract void onControl(Object message);

    /** Handles one data message (a tuple or acker traffic). */
    protected abstract void onMessage(Object message);

    /** The executor's own work in one cycle (a spout's nextTuple); returns how much was done. */
    protected int ownWork() {
        return 0;
    }

    /** How long this executor may sleep after a cycle that did nothing (no input waiting). */
    protected long idleParkNanos() {
        return MAX_PARK_NANOS;
    }

    /** Called after the last cycle, on the thread that ran it: close / cleanup the tasks. */
    protected abstract void shutdown();

    /** Live counters of every task of this executor. */
    public abstract List<TaskMetrics> metrics();

    @Override
    public final int peerIndex() {
        return inbox.index();
    }

    @Override
    public final int peers() {
        return env.executorCount();
    }

    @Override
    public final long sentTo(int peerIndex) {
        return outbox.sentTo(peerIndex);
    }

    /** Whether this executor runs a spout's, a bolt's or the acker's tasks. */
    public abstract ComponentKind kind();

    /**
     * Trees this executor keeps track of: a spout's not yet complete, the acker's in its table; 0
     * for bolts. Exact when the topology is idle; any thread.
     */
    public int pendingTrees() {
        return 0;
    }

    /** Bytes of the tables behind {@link #pendingTrees()}; any thread. */
    public long trackingBytes() {
        return 0;
    }

    /**
     * Trees pending, kept current from the moment a spout executor has handled a deactivation;
     * -1 while it is active, and always for other executors. Any thread.
     */
    public long pendingWhileInactive() {
        return -1;
    }

    /** True when tasks of this executor hold input not yet turned into messages (fed spouts). */
    protected boolean hasPendingInput() {
        return false;
    }

    /**
     * Hands one inbox element, a message or a {@link MessageBatch} of them, to {@link #onMessage}.
     * Abstract on purpose: each executor class repeats these few lines so the JIT compiles and
     * profiles a copy per class. One shared copy saw three onMessage receivers, and after a
     * deoptimisation in the ack path it was recompiled, in about half the runs, into a steady
     * state far slower (see docs/performance.md, "One copy per class").
     */
    @Override
    public abstract void accept(Object message);

    private void bind(Parker parker) {
        if (parker != boundParker) {
            boundParker = parker;
            inbox.bindParker(parker);
            outbox.bindOwner(parker, "executor '" + name + "'");
        }
    }

    @Override
    public final void onStart(Parker parker) {
        bind(parker);
        if (stepped) {
            ThreadClock.bindSteppedSleep(this);
        }
        try {
            init();
        } catch (Halted h) {
            running = false;
        } catch (Throwable t) {
            engineError("executor failed to start", t);
        } finally {
            if (stepped) {
                ThreadClock.bindSteppedSleep(null);
            }
            started = true;
        }
    }

    @Override
    public final int doWork(Parker parker) {
        if (!inline) {
            return cycle(parker); // the scheduler's claim alone keeps this executor on one thread
        }
        if (!gate.tryEnter()) {
            return 0; // taken inline by a sender right now (only while moving between threads)
        }
        try {
            return cycle(parker);
        } finally {
            gate.exit();
        }
    }

    /** The parker of the thread running this executor now (null before it first ran). */
    protected final Parker parker() {
        return boundParker;
    }

    /**
     * Takes a message from a sender running on the same thread, now, instead of through the queue:
     * only if this executor runs on that thread, is not running already (no re-entry: a cycle in
     * the graph falls back to the queue), has started, and its queue is empty, so the message
     * overtakes nothing from that sender.
     */
    @Override
    public final boolean tryInline(Object message, Thread sender) {
        Parker p = boundParker;
        if (!started || !running || p == null || p.thread() != sender || !inbox.isEmpty()
                || outbox.overflowSize() > 0) {
            return false;
        }
        if (!p.enterInline(MAX_INLINE_DEPTH)) {
            return false;
        }
        if (!gate.tryEnter()) {
            p.exitInline();
            return false;
        }
        // The sender's binding, restored after: its user code is still on the stack below us.
        SteppedSleep senderSleep = stepped ? ThreadClock.steppedSleep() : null;
        try {
            if (stepped) {
                if (asleepUntilNanos > env.clock().nanos()) {
                    return false;
                }
                ThreadClock.bindSteppedSleep(this);
            }
            try {
                accept(message);
            } catch (Halted h) {
                running = false;
            } catch (Throwable t) {
                engineError("internal error", t);
            } finally {
                if (stepped) {
                    ThreadClock.bindSteppedSleep(senderSleep);
                }
            }
            activity = activity + 1;
            return true;
        } finally {
            gate.exit();
            p.exitInline();
        }
    }

    private int cycle(Parker parker) {
        bind(parker);
        if (!running) {
            return 0;
        }
        if (stepped) {
            if (asleepUntilNanos > env.clock().nanos()) {
                return 0;
            }
            ThreadClock.bindSteppedSleep(this);
        }
        busy = true;
        int work = 0;
        int drained = 0;
        try {
            work += inbox.drainControl(controlHandler);
            work += outbox.flushOverflow();
            drained = stepped ? drainWhileAwake() : inbox.drain(this, BATCH);
            work += drained;
            work += ownWork();
            work += outbox.signalTouched();
        } catch (Halted h) {
            // A fatal error in user code: not one more tuple on this executor.
            running = false;
        } catch (Throwable t) {
            // User errors are caught where they happen; this is an engine bug.
            engineError("internal error", t);
        } finally {
            if (stepped) {
                ThreadClock.bindSteppedSleep(null);
            }
        }
        if (work > 0) {
            activity = activity + 1;
        }
        lastWork = work;
        busy = false;
        if (drained > 0) {
            inbox.wakeRoomWaitersIfRoom();
        }
        return work;
    }

    /**
     * Stepped: takes queued elements one at a time and stops once user code has gone to sleep in
     * simulated time, so a bolt that sleeps holds up its queue until the clock gets there, as it
     * would on a thread of its own (on the step scheduler a bolt's tuples travel one per element).
     */
    private int drainWhileAwake() {
        int n = 0;
        while (n < BATCH && !asleep() && inbox.drain(this, 1) > 0) {
            n++;
        }
        return n;
    }

    /** True while user code of this stepped executor "sleeps" in simulated time (see {@link SteppedSleep}). */
    protected final boolean asleep() {
        return stepped && asleepUntilNanos > env.clock().nanos();
    }

    @Override
    public final void sleepUntil(long deadlineNanos) {
        asleepUntilNanos = Math.max(asleepUntilNanos, deadlineNanos);
    }

    @Override
    public final long parkBudgetNanos(Parker parker) {
        if (!running) {
            return Long.MAX_VALUE;
        }
        if (!inbox.isEmpty() || outbox.hasBatched()) {
            return 0;
        }
        if (outbox.overflowSize() > 0) {
            // Waiting for room downstream: the consumer wakes us once its queue is half empty,
            // and our own inbox's producers still wake us, so we keep consuming meanwhile.
            return outbox.awaitRoom() ? MAX_PARK_NANOS : 0;
        }
        return idleParkNanos();
    }

    @Override
    public final void onClose() {
        try {
            shutdown();
        } catch (Throwable t) {
            env.errors().report(componentId, -1, "executor failed to shut down", t);
        } finally {
            outbox.clear();
        }
    }

    /** An engine bug: logged and reported; an {@link Error} also stops the topology. */
    private void engineError(String what, Throwable t) {
        if (t instanceof Error) {
            env.fatal().raise(componentId, -1, what, t);
            running = false;
        } else {
            LOG.error("{} in executor {}", what, name, t);
            env.errors().report(componentId, -1, what, t);
        }
    }

    /**
     * Reports what user code threw while the topology runs. An exception is reported with the
     * component and task, and the caller goes on (fails the tuple at hand). An {@link Error} or a
     * {@link FatalTopologyException} is fatal: it is reported once, the topology is stopped, and
     * this method throws so that this executor does not run one more line of user code. An
     * interruption during a kill is the kill's own doing and is not reported.
     */
    protected final void userError(int taskId, String what, Throwable e) {
        if (!running && isInterruption(e)) {
            return;
        }
        if (FatalTopologyException.isFatal(e)) {
            env.fatal().raise(componentId, taskId, what, e);
            throw Halted.INSTANCE;
        }
        env.errors().report(componentId, taskId, what, e);
    }

    /**
     * Stops one task: its user code's last call (a bolt's cleanup, a spout's close), reported under
     * {@code failure} if it throws so that the other tasks still stop, then its hooks' cleanup.
     */
    protected final void stopTask(TaskSetup setup, String failure, Runnable lastCall) {
        try {
            lastCall.run();
        } catch (Throwable e) {
            userErrorWhileStopping(setup.taskId, failure, e);
        }
        setup.hooks.cleanup();
    }

    /** The metrics of each of {@code tasks}, in task order. */
    protected static <T> List<TaskMetrics> metricsOf(T[] tasks, Function<T, TaskSetup> setup) {
        List<TaskMetrics> out = new ArrayList<>(tasks.length);
        for (T t : tasks) {
            out.add(setup.apply(t).metrics);
        }
        return out;
    }

    /** Same as {@link #userError} for close and cleanup, which must go on with the other tasks. */
    protected final void userErrorWhileStopping(int taskId, String what, Throwable e) {
        if (FatalTopologyException.isFatal(e)) {
            env.fatal().raise(componentId, taskId, what, e);
        } else if (!isInterruption(e)) {
            env.errors().report(componentId, taskId, what, e);
        }
    }

    private static boolean isInterruption(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof InterruptedException || c instanceof InterruptedIOException
                    || c instanceof ClosedByInterruptException) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }

    /** Unwinds an executor's duty cycle after a fatal error; carries nothing, costs nothing. */
    private static final class Halted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Halted INSTANCE = new Halted();

        private Halted() {
            super("executor halted by a fatal error", null, false, false);
        }
    }

    /** False once the executor was asked to stop. */
    protected final boolean isRunning() {
        return running;
    }

    /** Asks the executor to stop soon (a spout ends its burst); its scheduler stops calling it. */
    public final void stop() {
        running = false;
    }

    /**
     * True when this executor is, at this moment, doing nothing and has nothing to do. Combined
     * with {@link #activity()} read before and after, it tells a quiescent topology.
     */
    public final boolean isQuiet() {
        return !busy && inbox.isEmpty() && outbox.overflowSize() == 0 && !hasPendingInput();
    }

    /**
     * Whether this executor is idle, exactly, when read while its thread is held at a safe point
     * (see {@code Scheduler.atSafePoint}), which makes every field here current: it has started,
     * its last cycle found nothing to do, and it holds nothing: no queued message, nothing held
     * back for a full queue or batched to send, no fed input.
     */
    public final boolean idleAtSafePoint() {
        return started && lastWork == 0 && inbox.isEmpty() && outbox.overflowSize() == 0 && !outbox.hasBatched()
                && !hasPendingInput();
    }

    /** Increases with every cycle that did something. */
    public final long activity() {
        return activity;
    }

    @Override
    public final String name() {
        return name;
    }

    public final String componentId() {
        return componentId;
    }

    public final Inbox inbox() {
        return inbox;
    }

    /** Snapshots of every task's counters; each carries this executor's queue depth, which they share. */
    public final List<TaskStats> stats() {
        int depth = queueDepth();
        List<TaskStats> out = new ArrayList<>();
        for (TaskMetrics m : metrics()) {
            out.add(m.snapshot(depth));
        }
        return out;
    }

    /**
     * Messages this executor holds because their target queues were full. While it holds any, a
     * spout executor does not call {@code nextTuple}; for tests and tools.
     */
    public final int overflowSize() {
        return outbox.overflowSize();
    }

    /** Messages waiting in this executor's receive queue (one queue for all its tasks). */
    public final int queueDepth() {
        return inbox.size();
    }

    @Override
    public String toString() {
        return name;
    }
}
