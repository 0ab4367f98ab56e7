package dev.gale.task;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.generated.ComponentCommon;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.generated.StreamInfo;
import dev.gale.tuple.Fields;
import dev.gale.utils.ObjectReader;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@link TopologyView} of a context built with Storm's public constructors, as tests and
 * test doubles do: task ids and fields come from the maps given, subscriptions and declared
 * streams from the {@link StormTopology}. The maps are read, never copied nor changed, so a caller
 * that fills them after building the context sees the context follow, as with Storm's. Thread-safe
 * as far as the given maps are.
 */
final class GivenTopologyView implements TopologyView {
    // From the one table of Storm's defaults, through Storm's own accessor of it.
    private static final int STORM_DEFAULT_MESSAGE_TIMEOUT_SECS =
            ObjectReader.getInt(Utils.readDefaultConfig().get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS));

    private final StormTopology topology;
    private final Map<String, Object> topoConf;
    private final Map<Integer, String> taskToComponent;
    private final Map<String, List<Integer>> tasksByComponent;
    private final Map<String, Map<String, Fields>> fieldsByComponent;
    private final String stormId;
    /** Each component's declarations, read once: the topology builds them anew on every call. */
    private final Map<String, ComponentCommon> declared;

    GivenTopologyView(StormTopology topology, Map<String, Object> topoConf, Map<Integer, String> taskToComponent,
                      Map<String, List<Integer>> tasksByComponent, Map<String, Map<String, Fields>> fieldsByComponent,
                      String stormId) {
        this.topology = topology;
        this.topoConf = topoConf == null ? Map.of() : topoConf;
        this.taskToComponent = taskToComponent == null ? Map.of() : taskToComponent;
        this.tasksByComponent = tasksByComponent == null ? Map.of() : tasksByComponent;
        this.fieldsByComponent = fieldsByComponent == null ? Map.of() : fieldsByComponent;
        this.stormId = stormId;
        Map<String, ComponentCommon> commons = new LinkedHashMap<>();
        if (topology != null) {
            topology.get_spouts().forEach((id, spout) -> commons.put(id, spout.get_common()));
            topology.get_bolts().forEach((id, bolt) -> commons.put(id, bolt.get_common()));
        }
        this.declared = Collections.unmodifiableMap(commons);
    }

    @Override
    public String name() {
        return stormId;
    }

    @Override
    public StormTopology topology() {
        return topology;
    }

    /** The largest timeout the topology or any of its components sets, Storm's default if none does. */
    @Override
    public int messageTimeoutSecs() {
        int largest = ObjectReader.getInt(topoConf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS),
                STORM_DEFAULT_MESSAGE_TIMEOUT_SECS);
        for (ComponentCommon common : declared.values()) {
            Object own = common.conf() == null ? null : common.conf().get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS);
            if (own != null) {
                largest = Math.max(largest, ObjectReader.getInt(own));
            }
        }
        return largest;
    }

    @Override
    public String componentOf(int taskId) {
        return taskId == Constants.SYSTEM_TASK_ID ? Constants.SYSTEM_COMPONENT_ID : taskToComponent.get(taskId);
    }

    @Override
    public List<Integer> tasksOf(String componentId) {
        List<Integer> given = tasksByComponent.get(componentId);
        return given == null ? List.of() : List.copyOf(given);
    }

    @Override
    public List<Integer> allTasks() {
        List<Integer> tasks = new ArrayList<>(new TreeSet<>(taskToComponent.keySet()));
        tasks.removeIf(t -> t < 0);
        return Collections.unmodifiableList(tasks);
    }

    @Override
    public Map<Integer, String> taskToComponent() {
        return Collections.unmodifiableMap(taskToComponent);
    }

    /** The topology's components, then any other the task map names (such as {@code __acker}). */
    @Override
    public Set<String> componentIds() {
        Set<String> ids = new LinkedHashSet<>(declared.keySet());
        ids.addAll(tasksByComponent.keySet());
        return Collections.unmodifiableSet(ids);
    }

    /** The streams the topology declares for the component, with those the fields map adds. */
    @Override
    public Set<String> streamsOf(String componentId) {
        Set<String> streams = new LinkedHashSet<>();
        ComponentCommon common = declared.get(componentId);
        if (common != null) {
            streams.addAll(common.get_streams().keySet());
        }
        Map<String, Fields> given = fieldsByComponent.get(componentId);
        if (given != null) {
            streams.addAll(given.keySet());
        }
        return Collections.unmodifiableSet(streams);
    }

    /** From the fields map first (it is what Storm reads), else from the topology's declaration. */
    @Override
    public Fields outputFields(String componentId, String streamId) {
        Map<String, Fields> given = fieldsByComponent.get(componentId);
        if (given != null && given.get(streamId) != null) {
            return given.get(streamId);
        }
        ComponentCommon common = declared.get(componentId);
        StreamInfo info = common == null ? null : common.get_streams().get(streamId);
        if (info == null) {
            throw new IllegalArgumentException("No output fields defined for component:stream " + componentId + ":"
                    + streamId);
        }
        return new Fields(info.get_output_fields());
    }

    @Override
    public Map<GlobalStreamId, Grouping> sourcesOf(String componentId) {
        ComponentCommon common = declared.get(componentId);
        return common == null ? Map.of() : common.get_inputs();
    }

    @Override
    public Map<String, Map<String, Grouping>> targetsOf(String componentId) {
        Map<String, Map<String, Grouping>> byStream = new LinkedHashMap<>();
        declared.forEach((subscriber, common) -> common.get_inputs().forEach((source, grouping) -> {
            if (source.get_componentId().equals(componentId)) {
                byStream.computeIfAbsent(source.get_streamId(), s -> new LinkedHashMap<>()).put(subscriber, grouping);
            }
        }));
        return byStream;
    }
}
