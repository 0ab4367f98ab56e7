package dev.gale.impl.runtime;

import dev.gale.impl.acker.TreeTracer;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.Subscription;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.spout.FailureReason;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Reads a running topology's counters into the public stats objects: per component and task,
 * latency, the graph. Reads only what executors publish for other threads; thread-safe.
 */
final class TopologyStatsReader {
    private final RuntimeEnv env;
    private final List<Executor> executors;
    private final Map<String, List<Executor>> byComponent;
    private final long startNanos = System.nanoTime();

    TopologyStatsReader(RuntimeEnv env, List<Executor> executors, Map<String, List<Executor>> byComponent) {
        this.env = env;
        this.executors = executors;
        this.byComponent = byComponent;
    }

    /** The components and the streams between them, acker left out. */
    public TopologyGraph graph() {
        TopologyPlan plan = env.plan();
        List<TopologyGraph.Node> nodes = new ArrayList<>();
        List<TopologyGraph.Edge> edges = new ArrayList<>();
        for (ComponentDef def : plan.components().values()) {
            nodes.add(new TopologyGraph.Node(def.id(), def.kind(), byComponent.get(def.id()).size(), plan.tasksOf(def.id())));
            for (Subscription s : def.inputs()) {
                edges.add(new TopologyGraph.Edge(s.source().get_componentId(), s.source().get_streamId(), def.id(),
                        s.grouping().toString()));
            }
        }
        return new TopologyGraph(env.plan().name(), List.copyOf(nodes), List.copyOf(edges));
    }

    /** Counters of every component right now. */
    public TopologyStats stats() {
        List<ComponentStats> comps = new ArrayList<>();
        Histogram complete = null;
        for (Map.Entry<String, List<Executor>> e : byComponent.entrySet()) {
            List<TaskStats> tasks = new ArrayList<>();
            ComponentKind kind = e.getValue().get(0).kind();
            int queueDepth = 0;
            int queueCapacity = 0;
            long pending = 0;
            long trackingBytes = 0;
            for (Executor ex : e.getValue()) {
                int depth = ex.probe().queueDepth(); // one queue for all the executor's tasks
                for (TaskMetrics m : ex.metrics()) {
                    tasks.add(withTimeoutsHeld(m.snapshot(depth)));
                }
                queueDepth += depth;
                queueCapacity += ex.inbox().capacity();
                pending += ex.pendingTrees();
                trackingBytes += ex.trackingBytes();
                if (kind == ComponentKind.SPOUT) {
                    for (TaskMetrics m : ex.metrics()) {
                        Histogram h = m.completeLatencyHistogram();
                        if (complete == null) {
                            complete = h;
                        } else {
                            complete.add(h);
                        }
                    }
                }
            }
            comps.add(new ComponentStats(e.getKey(), kind, List.copyOf(tasks), env.errors().lastErrors(e.getKey()),
                    queueDepth, queueCapacity, pending, trackingBytes));
        }
        LatencySummary latency = complete == null ? LatencySummary.EMPTY : TaskMetrics.summarize(complete);
        return new TopologyStats(env.plan().name(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                List.copyOf(comps), latency, env.fatal().error(), env.settings().messageTimeoutSecs());
    }

    /**
     * A task's stats with the traced timed-out trees it held tuples of counted as its TIMEOUT
     * failures: the spouts find them, so the task's own counters cannot hold them.
     */
    private TaskStats withTimeoutsHeld(TaskStats t) {
        TreeTracer tracer = env.tracer();
        long held = tracer == null ? 0 : tracer.timeoutsHeldBy(t.taskId());
        if (held == 0) {
            return t;
        }
        Map<FailureReason, Long> failures = new EnumMap<>(FailureReason.class);
        failures.putAll(t.failures());
        failures.merge(FailureReason.TIMEOUT, held, Long::sum);
        return new TaskStats(t.componentId(), t.taskId(), t.emitted(), t.transferred(), t.executed(), t.acked(),
                t.failed(), t.executeLatencyMs(), t.completeLatency(), t.queueDepth(), t.timedOut(), t.streams(),
                failures);
    }

    /** Trees still pending at the spouts; meaningful once the topology is idle. */
    public long pendingTrees() {
        long n = 0;
        for (Executor ex : executors) {
            if (ex.kind() == ComponentKind.SPOUT) {
                n += ex.pendingTrees();
            }
        }
        return n;
    }

}
