package dev.gale.impl.executor;

import dev.gale.Constants;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.time.Pace;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.MessageBatch;
import dev.gale.impl.tuple.TupleImpl;
import dev.gale.impl.util.IdGenerator;
import dev.gale.impl.util.LeadingPad;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.stats.ComponentKind;
import dev.gale.task.IBolt;
import dev.gale.topology.FailedException;
import dev.gale.topology.FatalTopologyException;
import dev.gale.topology.IBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the tasks of a bolt on one thread. An exception from {@code execute} is reported with
 * the component and task, the input is failed unless it was acked or failed already, and the
 * bolt goes on with the next tuple. An {@link Error} is fatal: it stops the topology (see
 * {@link dev.gale.impl.env.FatalError}).
 *
 * <p>Not thread-safe beyond the {@link Executor} contract.
 */
public final class BoltExecutor extends BoltExecutorPad {
    private static final Fields TICK_FIELDS = new Fields("rate_secs");
    /**
     * On real time, execute latency is timed on one tuple in 32 (Storm samples one in 20 by
     * default): at one in 8, the clock reads were a visible part of a busy bolt's time.
     */
    private static final int LATENCY_SAMPLE_MASK = 31;

    private final BoltTask[] tasks;
    private final int firstTaskId;
    /** A fresh holder after this many tuples, so it stays in the young generation while in use. */
    private static final int HOLDER_USES = 4096;
    /**
     * A batch's tuples were written on another core, as a rule, and the first read of each is a
     * cache miss. Reading the tuple this many places ahead before executing the current one lets
     * that miss overlap with the current tuple's work instead of stalling the next one. It pays
     * where bolts do real work per tuple, and costs a little where they do next to nothing; eight
     * measured best (docs/performance.md, "Read ahead").
     */
    private static final int READ_AHEAD = 8;
    private final boolean basic;

    public BoltExecutor(RuntimeEnv env, ComponentDef def, Inbox inbox, List<Integer> taskIds) {
        super(env, def.id(), inbox, true, env.plan().settingsOf(def.id()).ownThread());
        this.firstTaskId = taskIds.get(0);
        this.tasks = new BoltTask[taskIds.size()];
        IdGenerator ids = new IdGenerator();
        Map<String, Object> executorData = new HashMap<>();
        for (int i = 0; i < tasks.length; i++) {
            if (taskIds.get(i) != firstTaskId + i) {
                throw new IllegalStateException("tasks of an executor must be consecutive: " + taskIds);
            }
            TaskTimerImpl timer = env.timer() == null ? null : new TaskTimerImpl(env.timer(), inbox, taskIds.get(i));
            TaskSetup setup = new TaskSetup(env, def, taskIds.get(i), outbox, false, executorData, timer);
            InputSource inputs = this::currentInput;
            BoltCollector collector = new BoltCollector(env, setup.emitter, ids, inbox,
                    setup.component instanceof IBasicBolt ? inputs : null);
            tasks[i] = new BoltTask(setup, collector, inputs);
        }
        boolean anyBasic = false;
        for (BoltTask t : tasks) {
            anyBasic |= t.bolt instanceof BasicBoltAdapter;
        }
        this.latencySampleMask = LATENCY_SAMPLE_MASK;
        this.basic = anyBasic;
    }

    @Override
    protected void paceWith(Pace pace) {
        // A bolt marked as blocking sends each tuple at once: its next execute may block, and
        // batched tuples would wait for it to return. At a pace that sends each tuple alone (the
        // step scheduler's), a bolt downstream that sleeps in simulated time stops at the tuple
        // that put it to sleep.
        outbox.batchTuples(!wantsOwnThread() && pace.batchesTuples());
        latencySampleMask = pace.sampleMask(LATENCY_SAMPLE_MASK);
    }

    private static final class BoltTask {
        final TaskSetup setup;
        final IBolt bolt;
        final BoltCollector collector;
        boolean alive = true;
        /** Why the task fails every input once its prepare threw; null while alive. */
        FailureInfo deadReason;
        int sample;

        BoltTask(TaskSetup setup, BoltCollector collector, InputSource inputs) {
            this.setup = setup;
            this.collector = collector;
            Object c = setup.component;
            this.bolt = c instanceof IBasicBolt ? new BasicBoltAdapter((IBasicBolt) c, inputs, collector) : (IBolt) c;
        }
    }

    @Override
    protected void init() {
        for (BoltTask t : tasks) {
            try {
                t.bolt.prepare(t.setup.conf, t.setup.context, new TaskOutputCollector(t.collector));
            } catch (Throwable e) {
                t.alive = false;
                t.deadReason = t.collector.reason(FailureReason.THREW, e);
                errors.whileRunning(t.setup.taskId, "prepare failed; the task will fail its input", e);
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
        if (message instanceof HandedOffCall) {
            ((HandedOffCall) message).run();
            return;
        }
        if (message instanceof TimerCall) {
            runTimerCall((TimerCall) message);
            return;
        }
        if (message instanceof Control && ((Control) message).isTick()) {
            int secs = ((Control) message).tickSecs();
            for (BoltTask t : tasks) {
                TupleImpl tick = new TupleImpl(t.setup.context, List.of(secs), Constants.SYSTEM_TASK_ID,
                        Constants.SYSTEM_COMPONENT_ID, Constants.SYSTEM_TICK_STREAM_ID, TICK_FIELDS,
                        MessageId.makeUnanchored(), t.setup.taskId);
                hold(tick);
                execute(t, tick);
            }
        }
    }

    /** A task's own timer (see {@link TaskTimerImpl}): reported like execute's errors, nothing to fail. */
    private void runTimerCall(TimerCall call) {
        BoltTask t = tasks[call.taskId() - firstTaskId];
        if (!t.alive || call.cancelled()) {
            return;
        }
        try {
            call.run(env.clock());
        } catch (Throwable e) {
            errors.whileRunning(t.setup.taskId, "a call of the task's timer threw", e);
        }
    }

    @Override
    public void accept(Object message) {
        // One copy per executor class, on purpose: see Executor.accept.
        if (message instanceof MessageBatch) {
            MessageBatch batch = (MessageBatch) message;
            if (basic) {
                inputBatch = batch;
            }
            int n = batch.size();
            long early = 0;
            for (int i = 0; i < n; i++) {
                if (i + READ_AHEAD < n) {
                    early += ((TupleImpl) batch.get(i + READ_AHEAD)).targetTask();
                }
                inputIndex = i;
                onMessage(batch.get(i));
            }
            readAhead = early;
            inputBatch = null;
        } else {
            if (basic) {
                hold(message);
            }
            onMessage(message);
        }
    }

    private void hold(Object message) {
        Object[] h = holder;
        if (h == null || ++holderUses > HOLDER_USES) {
            h = new Object[1];
            holder = h;
            holderUses = 0;
        }
        h[0] = message;
        inputIndex = -1;
    }

    /**
     * Outside a call, the last tuple or null, never an exception: a collector kept and used from
     * another thread must reach the collector's own thread check, which says what went wrong.
     */
    private Tuple currentInput() {
        long i = inputIndex;
        Object[] h = holder;
        MessageBatch b = inputBatch;
        if (i < 0) {
            return h == null ? null : (TupleImpl) h[0];
        }
        return b == null ? null : (TupleImpl) b.get((int) i);
    }

    @Override
    protected void onMessage(Object message) {
        TupleImpl tuple = (TupleImpl) message;
        execute(tasks[tuple.targetTask() - firstTaskId], tuple);
    }

    private void execute(BoltTask t, TupleImpl tuple) {
        if (!t.alive) {
            t.collector.failInput(tuple, t.deadReason);
            return;
        }
        // The topology's clock, like complete latency: under a simulated clock the figure is what
        // the test made time do, not how fast the machine happened to be, and every call is timed.
        boolean timed = (++t.sample & latencySampleMask) == 0;
        long start = timed ? env.clock().nanos() : 0;
        try {
            t.bolt.execute(tuple);
        } catch (Throwable e) {
            errors.whileRunning(t.setup.taskId, "execute threw on a tuple from '" + tuple.getSourceComponent() + "' stream '"
                    + tuple.getSourceStreamId() + "'" + (FatalTopologyException.isFatal(e) ? "" : "; the tuple is failed"), e);
            if (!t.collector.basicSettled()) {
                // also after an ack: as in Storm, the tree fails if still open
                t.collector.failInput(tuple, t.collector.reason(
                        e instanceof FailedException ? FailureReason.FAILED : FailureReason.THREW, e));
            }
        }
        long latency = timed ? env.clock().nanos() - start : -1;
        t.setup.metrics.executed(latency);
        t.setup.hooks.boltExecute(tuple, latency);
        outbox.endCall();
    }

    @Override
    protected void shutdown() {
        for (BoltTask t : tasks) {
            t.collector.closeForeignEmits();
            errors.stopTask(t.setup, "cleanup failed", t.bolt::cleanup);
        }
    }

    @Override
    public ComponentKind kind() {
        return ComponentKind.BOLT;
    }

    @Override
    public List<TaskMetrics> metrics() {
        return TaskSetup.metricsOf(tasks, t -> t.setup);
    }

    /** The user bolt objects of this executor's tasks (basic bolts unwrapped), for tests and tools. */
    public List<Object> bolts() {
        List<Object> out = new ArrayList<>(tasks.length);
        for (BoltTask t : tasks) {
            out.add(t.bolt instanceof BasicBoltAdapter ? ((BasicBoltAdapter) t.bolt).delegate() : t.bolt);
        }
        return out;
    }
}

/** The fields of {@link BoltExecutor} that change after construction, in front of its trailing pad. */
abstract class BoltExecutorFields extends Executor {
    /** Times one call in {@code mask + 1}, as the pace asks; set once, when the executor starts. */
    int latencySampleMask;
    /**
     * What is being executed now, for basic bolts' collectors (see {@link InputSource}): the batch
     * and the index in it, or, with index -1, the tuple in {@link #holder}. Under G1 a reference
     * stored into a long-lived object costs a full fence, so a batch is recorded once and then only
     * the index moves, and a lone tuple goes into a holder array young enough to need no fence.
     * Kept only when the executor runs a basic bolt.
     */
    MessageBatch inputBatch;
    long inputIndex;
    Object[] holder;
    long holderUses;
    /** The sum of the reads ahead, stored so that the JIT keeps the reads. */
    long readAhead;

    BoltExecutorFields(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource, boolean ownThread) {
        super(env, componentId, inbox, congestionSource, ownThread);
    }
}

/** 128 bytes between {@link BoltExecutorFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class BoltExecutorPad extends BoltExecutorFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    BoltExecutorPad(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource, boolean ownThread) {
        super(env, componentId, inbox, congestionSource, ownThread);
    }
}
