package dev.gale.impl.executor;

import dev.gale.impl.transfer.MessageBatch;
import dev.gale.Config;
import dev.gale.impl.acker.TreeOutcome;
import dev.gale.impl.runtime.RuntimeEnv;
import dev.gale.impl.spout.SpoutPending;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.ConfigValues;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.util.LongOpenHashIndex;
import dev.gale.spout.ISpout;
import dev.gale.spout.SpoutOutputCollector;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the tasks of a spout on one thread: calls {@code nextTuple} while the spout is active and
 * not throttled (max spout pending reached, or backpressure downstream), and delivers acks, fails
 * and timeouts to {@code ack} / {@code fail} between those calls, never concurrently with them.
 *
 * <p>Not thread-safe beyond the {@link Executor} contract.
 */
public final class SpoutExecutor extends Executor {
    private static final int BURST_ROUNDS = 64;
    /**
     * A burst of nextTuple calls ends after this long, so acks, ticks, a kill and the signal that
     * wakes downstream bolts never wait behind a spout that sleeps or blocks in nextTuple.
     */
    private static final long BURST_NANOS = 1_000_000L;
    private static final long CONGESTED_PARK_NANOS = 100_000L;

    private final SpoutTask[] tasks;
    private final SpoutPending pending;
    private final IdGenerator ids = new IdGenerator();
    private final int maxPending;
    private final long idleMaxNanos;
    private boolean active = true;
    private long parkNanos = MAX_PARK_NANOS;
    /** Consecutive cycles in which nextTuple emitted nothing: the idle park grows with them. */
    private int emptyCycles;

    private int[] deferredTasks = new int[16];
    private Object[] deferredIds = new Object[16];
    private int deferredCount;

    public SpoutExecutor(RuntimeEnv env, ComponentDef def, Inbox inbox, List<Integer> taskIds) {
        super(env, def.id(), inbox, false);
        this.tasks = new SpoutTask[taskIds.size()];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new SpoutTask(new TaskSetup(env, def, taskIds.get(i), outbox, true), i);
        }
        Object mp = tasks[0].setup.conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING);
        this.maxPending = mp == null ? 0 : ConfigValues.getPositiveInt(tasks[0].setup.conf,
                Config.TOPOLOGY_MAX_SPOUT_PENDING, 1);
        this.idleMaxNanos = env.settings().spoutIdleMaxNanos();
        int expected = maxPending > 0 ? maxPending * tasks.length : 1024;
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
        boolean alive = true;

        SpoutTask(TaskSetup setup, int index) {
            this.setup = setup;
            this.index = index;
            this.spout = (ISpout) setup.component;
            this.collector = new SpoutCollector(env, setup.emitter, SpoutExecutor.this, index, ids);
        }
    }

    // ---- called by the collectors ------------------------------------------------------------

    long newRoot() {
        long root;
        do {
            root = ids.next();
        } while (pending.contains(root));
        return root;
    }

    void track(long root, Object messageId, String streamId, int taskIndex) {
        pending.put(root, messageId, streamId, env.clock().nanos(), taskIndex);
    }

    /** Acks a message id on this thread as soon as the current user call returns. */
    void completeNow(int taskIndex, Object messageId) {
        if (deferredCount == deferredIds.length) {
            deferredIds = java.util.Arrays.copyOf(deferredIds, deferredCount * 2);
            deferredTasks = java.util.Arrays.copyOf(deferredTasks, deferredCount * 2);
        }
        deferredTasks[deferredCount] = taskIndex;
        deferredIds[deferredCount] = messageId;
        deferredCount++;
    }

    long pendingOf(int taskIndex) {
        return pending.pendingOf(taskIndex);
    }

    /** Trees of this executor's tasks not yet complete; read it when the topology is idle. */
    public int pendingTrees() {
        return pending.size();
    }

    // ---- duty cycle ---------------------------------------------------------------------------

    @Override
    protected void init() {
        for (SpoutTask t : tasks) {
            try {
                t.spout.open(t.setup.conf, t.setup.context, new SpoutOutputCollector(t.collector));
                t.spout.activate();
            } catch (Throwable e) {
                t.alive = false;
                env.errors().report(componentId, t.setup.taskId, "open failed; the task will not emit", e);
            }
        }
    }

    @Override
    protected void onControl(Object message) {
        if (message == Control.ROTATE) {
            pending.rotate(this::timedOut);
        } else if (message == Control.ACTIVATE && !active) {
            active = true;
            for (SpoutTask t : tasks) {
                if (t.alive) {
                    try {
                        t.spout.activate();
                    } catch (Throwable e) {
                        env.errors().report(componentId, t.setup.taskId, "activate failed", e);
                    }
                }
            }
        } else if (message == Control.DEACTIVATE && active) {
            active = false;
            for (SpoutTask t : tasks) {
                if (t.alive) {
                    try {
                        t.spout.deactivate();
                    } catch (Throwable e) {
                        env.errors().report(componentId, t.setup.taskId, "deactivate failed", e);
                    }
                }
            }
        }
    }

    private void timedOut(int taskIndex, Object messageId, String streamId, long startNanos) {
        tasks[taskIndex].setup.metrics.timedOut();
        callFail(tasks[taskIndex], messageId);
    }

    @Override
    public void accept(Object message) {
        // One copy per executor class, on purpose: see Executor.accept.
        if (message instanceof MessageBatch) {
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
        emptyCycles = 0;
        TreeOutcome o = (TreeOutcome) message;
        int slot = pending.slotOf(o.root());
        if (slot < 0) {
            return; // timed out already: the spout was told then
        }
        SpoutTask t = tasks[pending.taskIndex(slot)];
        if (o.kind() == TreeOutcome.RESET) {
            pending.renew(slot);
            return;
        }
        Object messageId = pending.messageId(slot);
        long start = pending.startNanos(slot);
        pending.remove(slot);
        if (o.kind() == TreeOutcome.ACKED) {
            t.setup.metrics.completed(env.clock().nanos() - start);
            callAck(t, messageId);
        } else {
            t.setup.metrics.failed();
            callFail(t, messageId);
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
        for (int round = 0; round < BURST_ROUNDS; round++) {
            if (round > 0 && (!isRunning() || System.nanoTime() - burstStart > BURST_NANOS)) {
                break;
            }
            boolean any = false;
            for (SpoutTask t : tasks) {
                if (!t.alive) {
                    continue;
                }
                if (outbox.overflowSize() > 0 || env.backpressure().isCongested()) {
                    parkNanos = CONGESTED_PARK_NANOS;
                    return work + emitted;
                }
                if (maxPending > 0 && pending.pendingOf(t.index) >= maxPending) {
                    throttled = true;
                    continue;
                }
                long before = t.setup.emitter.emits;
                try {
                    t.spout.nextTuple();
                } catch (Throwable e) {
                    env.errors().report(componentId, t.setup.taskId, "nextTuple threw", e);
                }
                work += runDeferred();
                if (t.setup.emitter.emits != before) {
                    any = true;
                    emitted++;
                }
            }
            if (!any) {
                break;
            }
        }
        // Throttled by max pending: acks wake us. Nothing to emit: poll again after a pause that
        // doubles from 50 us up to the configured cap, so an idle spout costs next to no CPU.
        if (emitted > 0 || work > 0) {
            emptyCycles = 0;
        } else if (!throttled) {
            emptyCycles++;
        }
        parkNanos = throttled ? MAX_PARK_NANOS : Math.min(idleMaxNanos, 50_000L << Math.min(emptyCycles, 20));
        return work + emitted;
    }

    @Override
    protected long idleParkNanos() {
        return parkNanos;
    }

    private int runDeferred() {
        int n = deferredCount;
        for (int i = 0; i < deferredCount; i++) {
            SpoutTask t = tasks[deferredTasks[i]];
            Object id = deferredIds[i];
            deferredIds[i] = null;
            t.setup.metrics.completed(0);
            callAck(t, id);
        }
        deferredCount = 0;
        return n;
    }

    private void callAck(SpoutTask t, Object messageId) {
        if (env.observer() != null) {
            env.observer().acked(componentId, t.setup.taskId, messageId);
        }
        try {
            t.spout.ack(messageId);
        } catch (Throwable e) {
            env.errors().report(componentId, t.setup.taskId, "ack(" + messageId + ") threw", e);
        }
    }

    private void callFail(SpoutTask t, Object messageId) {
        if (env.observer() != null) {
            env.observer().failed(componentId, t.setup.taskId, messageId);
        }
        try {
            t.spout.fail(messageId);
        } catch (Throwable e) {
            env.errors().report(componentId, t.setup.taskId, "fail(" + messageId + ") threw", e);
        }
    }

    @Override
    protected boolean hasPendingInput() {
        if (!active) {
            return false;
        }
        for (SpoutTask t : tasks) {
            // A task at max pending cannot emit until trees complete or time out: not busy.
            boolean throttled = maxPending > 0 && pending.pendingOf(t.index) >= maxPending;
            if (t.alive && !throttled && t.spout instanceof PendingInput && ((PendingInput) t.spout).hasPendingInput()) {
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
                env.errors().report(componentId, t.setup.taskId, "close failed", e);
            }
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
