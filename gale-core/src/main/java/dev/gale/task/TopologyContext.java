package dev.gale.task;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.time.Clock;
import dev.gale.tuple.Fields;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one task knows about itself and its topology: its task id, component, streams, sources
 * and targets. Given to {@code open} / {@code prepare}. Immutable and thread-safe.
 */
public class TopologyContext extends WorkerTopologyContext {
    private final int taskId;
    private final Clock clock;

    public TopologyContext(TopologyPlan plan, Map<String, Object> topoConf, int taskId) {
        this(plan, topoConf, taskId, Clock.system());
    }

    public TopologyContext(TopologyPlan plan, Map<String, Object> topoConf, int taskId, Clock clock) {
        super(plan, topoConf);
        this.taskId = taskId;
        this.clock = clock;
    }

    /**
     * The clock the topology runs on (Gale addition): the one its timeouts and ticks read, a
     * {@code SimulatedClock} in tests. Components that wait, retry or time out should read it
     * instead of {@code System.nanoTime()}, so simulated-time tests cover them too.
     */
    public Clock getClock() {
        return clock;
    }

    public int getThisTaskId() {
        return taskId;
    }

    public String getThisComponentId() {
        return getComponentId(taskId);
    }

    /** This task's position (0-based) among its component's tasks. */
    public int getThisTaskIndex() {
        return getComponentTasks(getThisComponentId()).indexOf(taskId);
    }

    public Fields getThisOutputFields(String streamId) {
        return getComponentOutputFields(getThisComponentId(), streamId);
    }

    public Set<String> getThisStreams() {
        return getComponentStreams(getThisComponentId());
    }

    public Map<GlobalStreamId, Grouping> getThisSources() {
        return getSources(getThisComponentId());
    }

    public Map<String, Map<String, Grouping>> getThisTargets() {
        return getTargets(getThisComponentId());
    }

    /** The task ids of this task's component. */
    public List<Integer> getThisComponentTasks() {
        return getComponentTasks(getThisComponentId());
    }

    /** The merged configuration this task runs with (topology plus component settings). */
    public Map<String, Object> getConf() {
        return topoConf;
    }
}
