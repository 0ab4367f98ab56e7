package dev.gale.storm.internal;

import dev.gale.task.IBolt;
import dev.gale.task.OutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.ReportedFailedException;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Tuple;

/**
 * A Gale bolt (rich or basic) running as a Storm bolt. Gale's bolt sees Gale's tuples, collector
 * and context; a basic bolt's emits are anchored to its input, which is acked when
 * {@code execute} returns and failed on {@link FailedException}, as on Gale's engine. Failures of
 * user code are handled as Gale's engine does, not as Storm's (whose worker dies on any
 * exception): a {@code prepare} that throws leaves a task that fails its input, an
 * {@code execute} that throws is reported and its input failed; an {@link Error} still ends the
 * worker, as it ends a Gale topology. Tick tuples reach the bolt as Storm sends them
 * ({@code topology.tick.tuple.freq.secs}, the same key). Storm uses each instance on one thread;
 * the task's timer calls take its {@link ExecuteLock}, which {@code execute} takes only once the
 * bolt has its timer.
 */
public final class GaleBolt implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private final String componentId;
    /** A Gale {@link IBolt} or {@link IBasicBolt}. */
    private final Object bolt;
    private final Shipped shipped;
    private transient org.apache.storm.task.OutputCollector storm;
    private transient TaskEnv env;
    private transient StormBasicCollector basicCollector;
    /** The bolt as one of its two kinds, the other null: decided once, not per tuple. */
    private transient IBasicBolt basic;
    private transient IBolt rich;
    private transient WorkerTaskTimer timer;
    private transient ExecuteLock lock;
    private transient int taskId;
    private transient boolean alive;

    public GaleBolt(String componentId, Object bolt, Shipped shipped) {
        if (!(bolt instanceof IBolt) && !(bolt instanceof IBasicBolt)) {
            throw new IllegalArgumentException("bolt '" + componentId + "' is a " + bolt.getClass().getName()
                    + ", neither an IRichBolt nor an IBasicBolt");
        }
        this.componentId = componentId;
        this.bolt = bolt;
        this.shipped = shipped;
    }

    /** The wrapped Gale bolt (for tests). */
    public Object bolt() {
        return bolt;
    }

    /** Whether the calling thread holds the task's lock (for tests: inside execute, whether execute took it). */
    boolean lockHeldByCurrentThread() {
        return lock.heldByCurrentThread();
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, org.apache.storm.task.OutputCollector collector) {
        this.storm = collector;
        this.taskId = context.getThisTaskId();
        String describe = "bolt '" + componentId + "'";
        this.lock = new ExecuteLock(describe);
        this.timer = new WorkerTaskTimer(lock, this::report);
        this.env = new TaskEnv(describe, componentId, shipped, conf, context, timer, this::report);
        BoltCollectorBridge bridge = new BoltCollectorBridge(collector, env.checks);
        if (bolt instanceof IBasicBolt b) {
            basic = b;
        } else {
            rich = (IBolt) bolt;
        }
        lock.preparing();
        lock.lock();
        try {
            if (basic != null) {
                basicCollector = new StormBasicCollector(new OutputCollector(bridge), bridge);
                basic.prepare(env.conf, env.context);
            } else {
                rich.prepare(env.conf, env.context, new StormOutputCollector(bridge));
            }
            alive = true;
        } catch (RuntimeException e) {
            report("prepare failed; the task will fail its input", e);
        } finally {
            lock.unlock();
        }
    }

    private void report(String what, Throwable e) {
        TaskEnv.report(storm, "bolt '" + componentId + "'", taskId, what, e);
    }

    @Override
    public void execute(Tuple input) {
        if (!alive) {
            storm.fail(input);
            return;
        }
        TupleView t = new TupleView(input, env.view, env.context);
        lock.enter();
        try {
            if (basic != null) {
                executeBasic(t, input);
            } else {
                executeRich(t, input);
            }
        } finally {
            lock.exit();
        }
    }

    private void executeRich(TupleView t, Tuple input) {
        try {
            rich.execute(t);
        } catch (RuntimeException e) {
            report("execute threw on a tuple from '" + input.getSourceComponent() + "' stream '"
                    + input.getSourceStreamId() + "'; the tuple is failed", e);
            storm.fail(input); // also after an ack: as in Storm and Gale, the tree fails if still open
        }
    }

    private void executeBasic(TupleView t, Tuple input) {
        basicCollector.setContext(t);
        try {
            basic.execute(t, basicCollector);
            storm.ack(input);
        } catch (FailedException e) {
            if (e instanceof ReportedFailedException) {
                storm.reportError(e);
            }
            storm.fail(input);
        } catch (RuntimeException e) {
            report("execute threw on a tuple from '" + input.getSourceComponent() + "' stream '"
                    + input.getSourceStreamId() + "'; the tuple is failed", e);
            storm.fail(input);
        }
    }

    @Override
    public void cleanup() {
        if (timer != null) {
            timer.stop();
        }
        if (lock != null) {
            lock.lock();
        }
        try {
            if (bolt instanceof IBasicBolt b) {
                b.cleanup();
            } else {
                ((IBolt) bolt).cleanup();
            }
        } catch (RuntimeException e) {
            report("cleanup failed", e);
        } finally {
            if (lock != null) {
                lock.unlock();
            }
        }
        if (env != null) {
            env.context.cleanupHooks();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        StreamDeclarations.declare(shipped.facts().streamsOf(componentId), Set.of(), declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return shipped.stormComponentConf();
    }
}
