package dev.gale.storm.internal;

import dev.gale.hooks.ITaskHook;
import dev.gale.hooks.info.BoltAckInfo;
import dev.gale.hooks.info.BoltExecuteInfo;
import dev.gale.hooks.info.BoltFailInfo;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.hooks.info.SpoutAckInfo;
import dev.gale.hooks.info.SpoutFailInfo;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A Storm task hook that tells the Gale hooks of a task (those added to its Gale context) of
 * every event Storm reports, with Gale's info objects and tuples. Registered with Storm only once
 * a Gale hook exists: Storm builds no info objects for a task without hooks. A Gale hook that
 * throws is reported and the others still run, as in Gale. Called on the task's thread.
 */
final class HookBridge implements org.apache.storm.hooks.ITaskHook {
    /** Where a throwing hook is reported (the task's collector). */
    interface Reporter {
        void report(String what, Throwable error);
    }

    private final TopologyContext gale;
    private final StormTopologyView view;
    private final Reporter reporter;
    private boolean attached;
    private boolean cleanedUp;

    HookBridge(TopologyContext gale, StormTopologyView view, Reporter reporter) {
        this.gale = gale;
        this.view = view;
        this.reporter = reporter;
    }

    void attach(org.apache.storm.task.TopologyContext storm) {
        if (!attached) {
            attached = true;
            storm.addTaskHook(this);
        }
    }

    private void each(String event, Consumer<ITaskHook> call) {
        for (ITaskHook h : new ArrayList<>(gale.getHooks())) {
            try {
                call.accept(h);
            } catch (RuntimeException e) {
                if (reporter != null) {
                    reporter.report("task hook " + h.getClass().getName() + " threw in " + event, e);
                }
            }
        }
    }

    private Tuple view(org.apache.storm.tuple.Tuple t) {
        return t == null ? null : new TupleView(t, view, gale);
    }

    @Override
    public void prepare(Map<String, Object> conf, org.apache.storm.task.TopologyContext context) {
        // The Gale hooks were prepared by the Gale context when they were added.
    }

    @Override
    public void cleanup() {
        if (!cleanedUp) {
            cleanedUp = true;
            each("cleanup", ITaskHook::cleanup);
        }
    }

    @Override
    public void emit(org.apache.storm.hooks.info.EmitInfo info) {
        EmitInfo g = new EmitInfo(info.values, info.stream, info.taskId, info.outTasks);
        each("emit", h -> h.emit(g));
    }

    @Override
    public void spoutAck(org.apache.storm.hooks.info.SpoutAckInfo info) {
        SpoutAckInfo g = new SpoutAckInfo(info.messageId, info.spoutTaskId, info.completeLatencyMs);
        each("spoutAck", h -> h.spoutAck(g));
    }

    @Override
    public void spoutFail(org.apache.storm.hooks.info.SpoutFailInfo info) {
        SpoutFailInfo g = new SpoutFailInfo(info.messageId, info.spoutTaskId, info.failLatencyMs);
        each("spoutFail", h -> h.spoutFail(g));
    }

    @Override
    public void boltExecute(org.apache.storm.hooks.info.BoltExecuteInfo info) {
        BoltExecuteInfo g = new BoltExecuteInfo(view(info.tuple), info.executingTaskId, info.executeLatencyMs);
        each("boltExecute", h -> h.boltExecute(g));
    }

    @Override
    public void boltAck(org.apache.storm.hooks.info.BoltAckInfo info) {
        BoltAckInfo g = new BoltAckInfo(view(info.tuple), info.ackingTaskId, info.processLatencyMs);
        each("boltAck", h -> h.boltAck(g));
    }

    @Override
    public void boltFail(org.apache.storm.hooks.info.BoltFailInfo info) {
        BoltFailInfo g = new BoltFailInfo(view(info.tuple), info.failingTaskId, info.failLatencyMs);
        each("boltFail", h -> h.boltFail(g));
    }

    /** The hooks of a list, for tests. */
    List<ITaskHook> hooks() {
        return gale.getHooks();
    }
}
