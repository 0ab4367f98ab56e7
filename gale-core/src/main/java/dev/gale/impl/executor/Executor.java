package dev.gale.impl.executor;

import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.time.ThreadClock;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.MessageBatch;
import dev.gale.impl.transfer.Outbox;
import dev.gale.stats.TaskStats;
import java.util.ArrayList;
import java.util.List;
import org.jctools.queues.MessagePassingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread running one or more tasks of a component. Its duty cycle: control messages, then
 * what the outbox could not deliver, then a batch of the inbox, then its own work (a spout's
 * {@code nextTuple}); then it signals the inboxes it sent to, and backs off (spin, yield, park)
 * when a cycle did nothing. Producers wake a parked executor through its inbox.
 *
 * <p>All task code runs on this thread. Other threads only read the counters and flags marked
 * volatile or opaque.
 */
public abstract class Executor implements Runnable, MessagePassingQueue.Consumer<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(Executor.class);
    private static final int BATCH = 256;
    private static final int SPINS = 20;
    private static final int YIELDS = 5;
    /** Safety net only: a parked executor is woken by the producers that fill its inbox. */
    protected static final long MAX_PARK_NANOS = 500_000_000L;

    protected final RuntimeEnv env;
    protected final String componentId;
    protected final Inbox inbox;
    protected final Outbox outbox;
    private final String name;
    private volatile boolean running = true;
    private volatile boolean busy = true;
    private volatile long activity;
    private Thread thread;

    protected Executor(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource) {
        this.env = env;
        this.componentId = componentId;
        this.inbox = inbox;
        this.name = inbox.name();
        this.outbox = new Outbox(env.inboxByTask(), env.executorCount(), congestionSource, env.backpressure());
    }

    /** Called on the executor thread before the loop: open / prepare the tasks. */
    protected abstract void init();

    /** Handles one control message. */
    protected abstract void onControl(Object message);

    /** Handles one data message (a tuple or acker traffic). */
    protected abstract void onMessage(Object message);

    /** The executor's own work in one cycle (a spout's nextTuple); returns how much was done. */
    protected int ownWork() {
        return 0;
    }

    /** How long to park after a cycle that did nothing. */
    protected long idleParkNanos() {
        return MAX_PARK_NANOS;
    }

    /** Called on the executor thread after the loop: close / cleanup the tasks. */
    protected abstract void shutdown();

    /** Live counters of every task of this executor. */
    public abstract List<TaskMetrics> metrics();

    /** True when tasks of this executor hold input not yet turned into messages (fed spouts). */
    protected boolean hasPendingInput() {
        return false;
    }

    /**
     * Hands one inbox element, a message or a {@link MessageBatch} of them, to {@link #onMessage}.
     * Abstract on purpose: each executor class repeats these few lines so the JIT compiles and
     * profiles a copy per class. One shared copy saw three onMessage receivers, and after a
     * deoptimisation in the ack path it was recompiled, in about half the runs, into a steady
     * state ~40% slower (ack-1000: 1.4-1.7M instead of 2.0-2.6M trees/s).
     */
    @Override
    public abstract void accept(Object message);

    public final void start() {
        thread = new Thread(this, "gale-" + env.plan().name() + "-" + name);
        // Daemon: user code that ignores the kill's interrupt must not keep the JVM alive after
        // its topology is gone. A running topology keeps the JVM alive on purpose, through one
        // non-daemon thread that ends with the kill (RunningTopology).
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public final void run() {
        // User code calling dev.gale.utils.Time on this thread reads the topology's clock.
        ThreadClock.bind(env.clock());
        inbox.bindOwner(Thread.currentThread());
        outbox.bindOwner(Thread.currentThread(), "executor '" + name + "'");
        try {
            init();
        } catch (Halted h) {
            running = false;
        } catch (Throwable t) {
            engineError("executor failed to start", t);
        }
        int idleCycles = 0;
        while (running) {
            busy = true;
            int work = 0;
            try {
                work += inbox.drainControl(this::onControl);
                work += outbox.flushOverflow();
                work += inbox.drain(this, BATCH);
                work += ownWork();
                outbox.signalTouched();
            } catch (Halted h) {
                // A fatal error in user code: not one more tuple on this executor.
                running = false;
            } catch (Throwable t) {
                // User errors are caught where they happen; this is an engine bug.
                engineError("internal error", t);
            }
            if (work > 0) {
                activity = activity + 1;
                busy = false;
                idleCycles = 0;
            } else {
                busy = false;
                idle(++idleCycles);
            }
        }
        // The kill may have interrupted user code to get here; clear the flag so that close and
        // cleanup, which often wait for something themselves, are not cut short by it.
        Thread.interrupted();
        try {
            shutdown();
        } catch (Throwable t) {
            env.errors().report(componentId, -1, "executor failed to shut down", t);
        } finally {
            outbox.clear();
            ThreadClock.unbind();
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
     * component and task, and the caller goes on (fails the tuple at hand). An {@link Error} is
     * fatal: it is reported once, the topology is stopped, and this method throws so that this
     * executor does not run one more line of user code. An interruption during a kill is the
     * kill's own doing and is not reported.
     */
    protected final void userError(int taskId, String what, Throwable e) {
        if (!running && isInterruption(e)) {
            return;
        }
        if (e instanceof Error) {
            env.fatal().raise(componentId, taskId, what, e);
            throw Halted.INSTANCE;
        }
        env.errors().report(componentId, taskId, what, e);
    }

    /** Same as {@link #userError} for close and cleanup, which must go on with the other tasks. */
    protected final void userErrorWhileStopping(int taskId, String what, Throwable e) {
        if (e instanceof Error) {
            env.fatal().raise(componentId, taskId, what, e);
        } else if (!isInterruption(e)) {
            env.errors().report(componentId, taskId, what, e);
        }
    }

    private static boolean isInterruption(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof InterruptedException || c instanceof java.io.InterruptedIOException
                    || c instanceof java.nio.channels.ClosedByInterruptException) {
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

    private void idle(int cycles) {
        if (cycles <= SPINS) {
            Thread.onSpinWait();
        } else if (cycles <= SPINS + YIELDS) {
            Thread.yield();
        } else if (outbox.overflowSize() > 0) {
            // Waiting for room downstream: the consumer unparks us once its queue is half empty,
            // and our own inbox's producers still wake us, so we keep consuming meanwhile.
            if (outbox.awaitRoom()) {
                inbox.park(MAX_PARK_NANOS);
            }
        } else {
            inbox.park(idleParkNanos());
        }
    }

    /** False once the executor was asked to stop. */
    protected final boolean isRunning() {
        return running;
    }

    /** Asks the loop to stop; the tasks are closed on the executor thread. */
    public final void stop() {
        running = false;
        inbox.signal();
        java.util.concurrent.locks.LockSupport.unpark(thread);
    }

    /** Interrupts the executor thread: for a kill whose grace period this executor outlived. */
    public final void interrupt() {
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** True while the executor thread runs (started and not ended). */
    public final boolean isAlive() {
        return thread != null && thread.isAlive();
    }

    /** Where the executor thread is now (empty if it is not running). */
    public final StackTraceElement[] stackTrace() {
        return thread == null ? new StackTraceElement[0] : thread.getStackTrace();
    }

    /** The executor thread's name. */
    public final String threadName() {
        return thread == null ? "gale-" + env.plan().name() + "-" + name : thread.getName();
    }

    /** Waits for the thread to end; returns false if it did not end in time. */
    public final boolean join(long millis) throws InterruptedException {
        if (thread == null) {
            return true;
        }
        thread.join(millis);
        return !thread.isAlive();
    }

    /**
     * True when this executor is, at this moment, doing nothing and has nothing to do. Combined
     * with {@link #activity()} read before and after, it tells a quiescent topology.
     */
    public final boolean isQuiet() {
        return !busy && inbox.isEmpty() && outbox.overflowSize() == 0 && !hasPendingInput();
    }

    /** Increases with every cycle that did something. */
    public final long activity() {
        return activity;
    }

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
