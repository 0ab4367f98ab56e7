package dev.gale.task;

import dev.gale.Config;
import dev.gale.generated.Bolt;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A {@link TopologyView} over the maps Storm's own {@code GeneralTopologyContext} constructor takes (task to
 * component, component to tasks, component to stream to fields), for code that builds a context by hand, as
 * tests do. Any of the maps, and the topology, may be null: it then answers as if it were empty.
 * Subscriptions are read from the topology's bolts. Immutable and thread-safe once built (it copies the maps).
 */
final class MapsTopologyView implements TopologyView {
    private final StormTopology topology;
    private final String name;
    private final int messageTimeoutSecs;
    private final Map<Integer, String> taskToComponent;
    private final Map<String, List<Integer>> componentToTasks;
    private final Map<String, Map<String, Fields>> componentToStreamToFields;

    MapsTopologyView(StormTopology topology, Map<String, Object> topoConf, Map<Integer, String> taskToComponent,
                     Map<String, List<Integer>> componentToSortedTasks,
                     Map<String, Map<String, Fields>> componentToStreamToFields, String stormId) {
        this.topology = topology;
        this.name = stormId;
        Object timeout = topoConf == null ? null : topoConf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS);
        this.messageTimeoutSecs = timeout instanceof Number n ? n.intValue() : 30;
        this.taskToComponent = taskToComponent == null ? Map.of() : Collections.unmodifiableMap(new HashMap<>(taskToComponent));
        this.componentToTasks = componentToSortedTasks == null ? Map.of() : Map.copyOf(componentToSortedTasks);
        this.componentToStreamToFields = componentToStreamToFields == null ? Map.of() : Map.copyOf(componentToStreamToFields);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public StormTopology topology() {
        return topology;
    }

    @Override
    public int messageTimeoutSecs() {
        return messageTimeoutSecs;
    }

    @Override
    public String componentOf(int taskId) {
        return taskId == -1 ? "__system" : taskToComponent.get(taskId);
    }

    @Override
    public List<Integer> tasksOf(String componentId) {
        List<Integer> tasks = componentToTasks.get(componentId);
        return tasks == null ? List.of() : List.copyOf(tasks);
    }

    @Override
    public List<Integer> allTasks() {
        List<Integer> tasks = new ArrayList<>(new TreeSet<>(taskToComponent.keySet()));
        return Collections.unmodifiableList(tasks);
    }

    @Override
    public Map<Integer, String> taskToComponent() {
        return taskToComponent;
    }

    @Override
    public Set<String> componentIds() {
        Set<String> ids = new TreeSet<>(componentToTasks.keySet());
        ids.addAll(taskToComponent.values());
        return Collections.unmodifiableSet(ids);
    }

    @Override
    public Set<String> streamsOf(String componentId) {
        Map<String, Fields> streams = componentToStreamToFields.get(componentId);
        return streams == null ? Set.of() : Collections.unmodifiableSet(streams.keySet());
    }

    @Override
    public Fields outputFields(String componentId, String streamId) {
        Map<String, Fields> streams = componentToStreamToFields.get(componentId);
        Fields fields = streams == null ? null : streams.get(streamId);
        if (fields == null) {
            throw new IllegalArgumentException("No output fields known for stream " + streamId + " of component " + componentId);
        }
        return fields;
    }

    @Override
    public Map<GlobalStreamId, Grouping> sourcesOf(String componentId) {
        Bolt bolt = topology == null ? null : topology.get_bolts().get(componentId);
        return bolt == null ? Map.of() : Collections.unmodifiableMap(bolt.get_common().get_inputs());
    }

    @Override
    public Map<String, Map<String, Grouping>> targetsOf(String componentId) {
        Map<String, Map<String, Grouping>> targets = new LinkedHashMap<>();
        if (topology != null) {
            topology.get_bolts().forEach((boltId, bolt) -> bolt.get_common().get_inputs().forEach((source, grouping) -> {
                if (source.get_componentId().equals(componentId)) {
                    targets.computeIfAbsent(source.get_streamId(), s -> new LinkedHashMap<>()).put(boltId, grouping);
                }
            }));
        }
        return Collections.unmodifiableMap(targets);
    }
}
