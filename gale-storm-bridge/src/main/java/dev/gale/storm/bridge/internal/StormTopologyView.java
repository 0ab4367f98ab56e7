package dev.gale.storm.bridge.internal;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.task.TopologyContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.tuple.Fields;

/**
 * Storm's view of a running Gale topology, for the Storm components a task runs: the Thrift
 * topology Storm's context reads (each component's inputs, streams and parallelism, with no
 * serialized component objects), and the task and stream tables its constructor takes. Built once
 * per task at prepare; immutable afterwards.
 */
final class StormTopologyView {
    /** Storm's tick tuples come from the system component on this stream, with one field. */
    private static final Map<String, Fields> SYSTEM_STREAMS = Map.of("__tick", new Fields("rate_secs"));

    final StormTopology topology = new StormTopology(new HashMap<>(), new HashMap<>(), new HashMap<>());
    final Map<Integer, String> taskToComponent;
    final Map<String, List<Integer>> componentTasks = new HashMap<>();
    final Map<String, Map<String, Fields>> streamFields = new HashMap<>();

    StormTopologyView(TopologyContext gale) {
        taskToComponent = new HashMap<>(gale.getTaskToComponent());
        Set<String> spouts = gale.getRawTopology().get_spouts().keySet();
        for (String id : gale.getComponentIds()) {
            componentTasks.put(id, List.copyOf(gale.getComponentTasks(id)));
            Map<String, Fields> streams = new HashMap<>();
            Map<String, StreamInfo> infos = new HashMap<>();
            for (String stream : gale.getComponentStreams(id)) {
                Fields fields = StormTypes.storm(gale.getComponentOutputFields(id, stream));
                streams.put(stream, fields);
                infos.put(stream, new StreamInfo(fields.toList(), false));
            }
            streamFields.put(id, streams);
            ComponentCommon common = new ComponentCommon(inputs(gale.getSources(id)), infos);
            common.set_parallelism_hint(Math.max(1, gale.getComponentTasks(id).size()));
            common.set_json_conf("{}");
            ComponentObject noObject = ComponentObject.serialized_java(new byte[0]);
            if (spouts.contains(id)) {
                topology.put_to_spouts(id, new SpoutSpec(noObject, common));
            } else {
                topology.put_to_bolts(id, new Bolt(noObject, common));
            }
        }
        streamFields.computeIfAbsent("__system", k -> new HashMap<>()).putAll(SYSTEM_STREAMS);
    }

    private static Map<org.apache.storm.generated.GlobalStreamId, org.apache.storm.generated.Grouping> inputs(
            Map<GlobalStreamId, Grouping> sources) {
        Map<org.apache.storm.generated.GlobalStreamId, org.apache.storm.generated.Grouping> inputs = new HashMap<>();
        if (sources != null) {
            sources.forEach((id, grouping) -> inputs.put(StormTypes.storm(id), StormTypes.storm(grouping)));
        }
        return inputs;
    }
}
