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
     * Storm's constructor, for a context built by hand (tests, tools): the topology and its task, stream and
     * field maps. Any of the maps, and the topology, may be null; the context then knows nothing of that part.
     */
    public GeneralTopologyContext(StormTopology topology, Map<String, Object> topoConf, Map<Integer, String> taskToComponent,
                                  Map<String, List<Integer>> componentToSortedTasks,
                                  Map<String, Map<String, Fields>> componentToStreamToFields, String stormId) {
        this(new MapsTopologyView(topology, topoConf, taskToComponent, componentToSortedTasks, componentToStreamToFields, stormId),
                topoConf);
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

    public Fields getComponentOutputFields(GlobalStreamId id) {
        return getComponentOutputFields(id.get_componentId(), id.get_streamId());
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
}
