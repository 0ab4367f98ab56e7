package dev.gale.impl.executor;

import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.sched.DutyCycle;
import dev.gale.impl.time.Pace;
import dev.gale.impl.time.SimulatedSleep;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.Outbox;
import dev.gale.impl.transfer.Parker;
import dev.gale.impl.util.LeadingPad;
import java.util.function.Consumer;
import org.jctools.queues.MessagePassingQueue;

/**
 * The tasks of one component that run together, as a {@link DutyCycle}: each call of
 * {@link #doWork} handles control messages, then what the outbox could not deliver, then a batch
 * of the inbox, then its own work (a spout's {@code nextTuple}), and signals the inboxes it sent
 * to. It owns no thread: a scheduler runs it, possibly with other executors on the same thread,
 * possibly moving it to another thread between calls, and hands it the {@link Pace} at which its
 * user code meets time with the thread's {@link Parker}.
 *
 * <p>All task code runs inside the scheduler's calls, one at a time. Other threads only read the
 * counters and flags marked volatile.
 */
public abstract class Executor extends LeadingPad implements DutyCycle, TaskReadings,
        MessagePassingQueue.Consumer<Object>, SimulatedSleep {
    private static final int BATCH = 256;
    /** Longest park budget: a parked thread is woken by the producers that fill its inboxes. */
    protected static final long MAX_PARK_NANOS = 5_000_000_000L;

    protected final RuntimeEnv env;
    protected final String componentId;
    protected final Inbox inbox;
    protected final Outbox outbox;
    /** Where user code's exceptions and the engine's own bugs go. */
    protected final TaskErrors errors;
    private final String name;
    private final Consumer<Object> controlHandler = this::onControl;
    private volatile boolean running = true;
    private final ExecutorProbe probe = new ExecutorProbe(this);
    private Parker boundParker;
    /** The pace of the scheduler running this executor; set when it first binds a thread. */
    private Pace pace = Pace.REAL_TIME;
    /** Simulated time until which user code "sleeps" (see {@link SimulatedSleep}); set only at a pace that puts sleeps aside. */
    private long asleepUntilNanos = Long.MIN_VALUE;
    private final boolean ownThread;
    private int affinity = -1;
    /** With inline hand-offs on (gale.scheduler.inline): the gate a cycle and a sender's hand-off take; else null. */
    private final InlineHandOff handOff;

    /**
     * {@code congestionSource}: a full queue downstream of it raises backpressure; {@code ownThread}:
     * it asks for a thread of its own (the component's {@code gale.executor.own.thread}).
     */
    protected Executor(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource, boolean ownThread) {
        this.env = env;
        this.componentId = componentId;
        this.inbox = inbox;
        this.name = inbox.name();
        this.errors = new TaskErrors(env, componentId, this);
        this.outbox = new Outbox(env.inboxByTask(), env.executorCount(), congestionSource, env.backpressure());
        this.ownThread = ownThread;
        this.handOff = env.settings().inline() ? new InlineHandOff(this) : null;
        inbox.inlineReceiver(handOff);
    }

    /** Which thread of a shared pool this executor prefers (its index among its component's executors). */
    public final void affinity(int index) {
        this.affinity = index;
    }

    @Override
    public final int affinity() {
        return affinity;
    }

    @Override
    public final boolean wantsOwnThread() {
        return ownThread;
    }

    /** Called once, on the executor's thread before {@link #init()}, with the pace its scheduler runs it at. */
    protected void paceWith(Pace pace) {
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

    /**
     * Hands one inbox element, a message or a batch of them, to {@link #onMessage}.
     * Abstract on purpose: each executor class repeats these few lines so the JIT compiles and
     * profiles a copy per class (see docs/performance.md, "One copy per class").
     */
    @Override
    public abstract void accept(Object message);

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

    private void bind(Parker parker) {
        if (parker != boundParker) {
            boundParker = parker;
            pace = parker.pace();
            inbox.bindParker(parker);
            outbox.bindOwner(parker, "executor '" + name + "'");
        }
    }

    @Override
    public final void onStart(Parker parker) {
        bind(parker);
        SimulatedSleep previous = pace.enterUserCode(this);
        try {
            paceWith(pace);
            init();
        } catch (TaskErrors.Halted h) {
            running = false;
        } catch (Throwable t) {
            errors.engineBug("executor failed to start", t);
        } finally {
            pace.leaveUserCode(previous);
            probe.started();
        }
    }

    @Override
    public final int doWork(Parker parker) {
        if (handOff == null) {
            return cycle(parker); // the scheduler's claim alone keeps this executor on one thread
        }
        if (!handOff.tryEnter()) {
            return 0; // taken inline by a sender right now (only while moving between threads)
        }
        try {
            return cycle(parker);
        } finally {
            handOff.exit();
        }
    }

    /** The parker of the thread running this executor now (null before it first ran). */
    protected final Parker parker() {
        return boundParker;
    }

    private int cycle(Parker parker) {
        bind(parker);
        if (!running || asleep()) {
            return 0;
        }
        SimulatedSleep previous = pace.enterUserCode(this);
        probe.cycleBegins();
        int work = 0;
        int drained = 0;
        try {
            work += inbox.drainControl(controlHandler);
            work += outbox.flushOverflow();
            drained = drainWhileAwake();
            work += drained;
            work += ownWork();
            work += outbox.signalTouched();
        } catch (TaskErrors.Halted h) {
            // A fatal error in user code: not one more tuple on this executor.
            running = false;
        } catch (Throwable t) {
            // User errors are caught where they happen; this is an engine bug.
            errors.engineBug("internal error", t);
        } finally {
            pace.leaveUserCode(previous);
        }
        probe.cycleEnds(work);
        if (drained > 0) {
            inbox.wakeRoomWaitersIfRoom();
        }
        return work;
    }

    /**
     * Takes up to a batch of the inbox, in the pace's steps, and stops once user code has gone to
     * sleep in simulated time: a bolt that sleeps holds up its queue until the clock gets there.
     */
    private int drainWhileAwake() {
        int step = pace.drainStep(BATCH);
        int drained = 0;
        while (drained < BATCH && !asleep()) {
            int got = inbox.drain(this, step);
            drained += got;
            if (got < step) {
                break;
            }
        }
        return drained;
    }

    /** True while user code of this executor "sleeps" in simulated time (see {@link SimulatedSleep}). */
    protected final boolean asleep() {
        return asleepUntilNanos != Long.MIN_VALUE && asleepUntilNanos > env.clock().nanos();
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
            errors.shutdownFailed(t);
        } finally {
            outbox.clear();
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

    /** What other threads read of this executor's cycles: quiet, idle, queue depth. */
    public final ExecutorProbe probe() {
        return probe;
    }

    /** The pace of the scheduler running this executor (real time until it first runs). */
    final Pace pace() {
        return pace;
    }

    @Override
    public String toString() {
        return name;
    }
}
