package dev.gale.task;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.tuple.Fields;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What any part of a running topology may know about it: its components, their tasks, streams,
 * fields and subscriptions. Immutable and thread-safe.
 */
public class GeneralTopologyContext {
    protected final TopologyView plan;
    protected final Map<String, Object> topoConf;

    public GeneralTopologyContext(TopologyView plan, Map<String, Object> topoConf) {
        this.plan = plan;
        this.topoConf = topoConf;
    }

    /**
     * Storm's public constructor, as tests and test doubles build a context by hand. The context
     * answers from what it is given: components, task ids and fields from the maps, each
     * component's declared streams and subscriptions ({@link #getSources}, {@link #getTargets})
     * from {@code topology}. The maps are read when asked, not copied.
     *
     * @param componentTasks each component's task ids, ascending
     * @param componentFields each component's output fields, by stream; a stream missing
     *     here is looked up in the topology's declarations
     * @param stormId what {@link #getStormId()} returns
     */
    public GeneralTopologyContext(StormTopology topology, Map<String, Object> topoConf,
                                  Map<Integer, String> taskToComponent, Map<String, List<Integer>> componentTasks,
                                  Map<String, Map<String, Fields>> componentFields, String stormId) {
        this(new GivenTopologyView(topology, topoConf, taskToComponent, componentTasks,
                componentFields, stormId), topoConf);
    }

    /** The topology's name. */
    public String getStormId() {
        return plan.name();
    }

    public StormTopology getRawTopology() {
        return plan.topology();
    }

    /** The component a task belongs to; {@code "__system"} for the system task -1. */
    public String getComponentId(int taskId) {
        return plan.componentOf(taskId);
    }

    public Set<String> getComponentStreams(String componentId) {
        return plan.streamsOf(componentId);
    }

    /** The task ids of a component, ascending. */
    public List<Integer> getComponentTasks(String componentId) {
        return plan.tasksOf(componentId);
    }

    /**
     * The fields of a component's stream.
     *
     * @throws IllegalArgumentException if the component or stream is unknown
     */
    public Fields getComponentOutputFields(String componentId, String streamId) {
        return plan.outputFields(componentId, streamId);
    }

    /** The fields of a stream named by component and stream id. */
    public Fields getComponentOutputFields(GlobalStreamId id) {
        return plan.outputFields(id.get_componentId(), id.get_streamId());
    }

    /** The streams a component subscribes to, with their groupings. */
    public Map<GlobalStreamId, Grouping> getSources(String componentId) {
        return plan.sourcesOf(componentId);
    }

    /** For each stream of a component: subscriber component id to grouping. */
    public Map<String, Map<String, Grouping>> getTargets(String componentId) {
        return plan.targetsOf(componentId);
    }

    public Map<Integer, String> getTaskToComponent() {
        return plan.taskToComponent();
    }

    /** Every component id, including system components such as {@code __acker}. */
    public Set<String> getComponentIds() {
        return plan.componentIds();
    }

    /** The message timeout of the topology, in seconds. */
    public int maxTopologyMessageTimeout() {
        return plan.messageTimeoutSecs();
    }

    /**
     * The configuration this context was built with: for a task's context, the topology's merged
     * with its component's own settings; for a worker's, the topology's.
     */
    public Map<String, Object> getConf() {
        return topoConf;
    }
}
