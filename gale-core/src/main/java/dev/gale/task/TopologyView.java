package dev.gale.task;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.tuple.Fields;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The static facts of a submitted topology that the {@code *TopologyContext} classes answer
 * from: names, task ids, streams, fields and subscriptions. A Gale addition (Storm's contexts
 * read Thrift structures instead); the engine's validated plan implements it, so the public
 * contexts do not depend on the engine's internals. Implementations are immutable and
 * thread-safe.
 */
public interface TopologyView {

    /** The topology's name. */
    String name();

    StormTopology topology();

    /** {@code topology.message.timeout.secs} as the engine applies it. */
    int messageTimeoutSecs();

    /** The component a task belongs to; {@code "__system"} for the system task -1. */
    String componentOf(int taskId);

    /** A component's task ids, ascending; empty for an unknown component. */
    List<Integer> tasksOf(String componentId);

    /** Every task id of the topology, ascending. */
    List<Integer> allTasks();

    Map<Integer, String> taskToComponent();

    Set<String> componentIds();

    Set<String> streamsOf(String componentId);

    Fields outputFields(String componentId, String streamId);

    /** The streams a component subscribes to, with their groupings. */
    Map<GlobalStreamId, Grouping> sourcesOf(String componentId);

    /** By stream of the component, the components subscribing to it and their groupings. */
    Map<String, Map<String, Grouping>> targetsOf(String componentId);
}
