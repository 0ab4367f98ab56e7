package dev.gale.storm.internal;

import dev.gale.spout.ISpout;
import dev.gale.spout.SpoutOutputCollector;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.OutputFieldsDeclarer;

/**
 * A Gale spout running as a Storm spout. Storm calls it on the spout's thread and Gale's spout
 * sees Gale's collector and context. Failures of user code are handled as Gale's engine does, not
 * as Storm's (whose worker dies on any exception): an {@code open} that throws leaves the task
 * silent, a {@code nextTuple}, {@code ack} or {@code fail} that throws is reported and the spout
 * goes on; an {@link Error} still ends the worker, as it ends a Gale topology. Not thread-safe:
 * Storm uses each instance on one thread.
 */
public final class GaleSpout implements IRichSpout {
    private static final long serialVersionUID = 1L;

    private final String componentId;
    private final ISpout spout;
    private final Shipped shipped;
    private transient org.apache.storm.spout.SpoutOutputCollector storm;
    private transient TaskEnv env;
    private transient int taskId;
    private transient boolean alive;
    /** Message ids of emits refused during the current call: failed once it returns. */
    private transient ArrayDeque<Object> refused;
    private transient SpoutCollectorBridge bridge;

    public GaleSpout(String componentId, ISpout spout, Shipped shipped) {
        this.componentId = componentId;
        this.spout = spout;
        this.shipped = shipped;
    }

    /** The wrapped Gale spout (for tests). */
    public ISpout spout() {
        return spout;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, org.apache.storm.spout.SpoutOutputCollector collector) {
        this.storm = collector;
        this.taskId = context.getThisTaskId();
        this.refused = new ArrayDeque<>();
        String describe = "spout '" + componentId + "'";
        this.env = new TaskEnv(describe, componentId, shipped, conf, context, null, this::report);
        this.bridge = new SpoutCollectorBridge(collector, env.checks, refused::add);
        try {
            spout.open(env.conf, env.context, new SpoutOutputCollector(bridge));
            alive = true;
        } catch (RuntimeException e) {
            report("open failed; the task will not emit", e);
        }
    }

    private void report(String what, Throwable e) {
        if (bridge == null || !bridge.reportedAlready(e)) {
            TaskEnv.report(storm, "spout '" + componentId + "'", taskId, what, e);
        }
    }

    @Override
    public void nextTuple() {
        if (!alive) {
            return;
        }
        try {
            spout.nextTuple();
        } catch (RuntimeException e) {
            report("nextTuple threw", e);
        }
        failRefused();
    }

    @Override
    public void ack(Object msgId) {
        try {
            spout.ack(msgId);
        } catch (RuntimeException e) {
            report("ack(" + msgId + ") threw", e);
        }
        failRefused();
    }

    @Override
    public void fail(Object msgId) {
        try {
            spout.fail(msgId);
        } catch (RuntimeException e) {
            report("fail(" + msgId + ") threw", e);
        }
        failRefused();
    }

    /** As on Gale's engine: the id of an emit refused before anything was sent has no tree, so it is failed here. */
    private void failRefused() {
        Object id;
        while ((id = refused.poll()) != null) {
            try {
                spout.fail(id);
            } catch (RuntimeException e) {
                report("fail(" + id + ") threw", e);
            }
        }
    }

    @Override
    public void activate() {
        if (alive) {
            try {
                spout.activate();
            } catch (RuntimeException e) {
                report("activate failed", e);
            }
        }
    }

    @Override
    public void deactivate() {
        if (alive) {
            try {
                spout.deactivate();
            } catch (RuntimeException e) {
                report("deactivate failed", e);
            }
        }
    }

    @Override
    public void close() {
        try {
            spout.close();
        } catch (RuntimeException e) {
            report("close failed", e);
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
