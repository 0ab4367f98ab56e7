package dev.gale.storm.internal;

import dev.gale.generated.Bolt;
import dev.gale.generated.ComponentCommon;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.SpoutSpec;
import dev.gale.generated.StormTopology;
import dev.gale.generated.StreamInfo;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every task of a translated topology must know of the Gale topology in Gale's terms, which
 * Storm's contexts only say in Storm's: each component's declared streams (fields, direct or
 * not) and subscriptions (with Gale's grouping objects). Shipped inside every wrapper.
 * Immutable and thread-safe.
 */
public final class TopologyFacts implements Serializable {
    private static final long serialVersionUID = 1L;

    /** One declared stream. */
    public record Stream(List<String> fields, boolean direct) implements Serializable {
    }

    private final Map<String, Map<String, Stream>> streams;
    private final Map<String, Map<GlobalStreamId, Grouping>> inputs;

    private TopologyFacts(Map<String, Map<String, Stream>> streams, Map<String, Map<GlobalStreamId, Grouping>> inputs) {
        this.streams = streams;
        this.inputs = inputs;
    }

    /** The facts of a built Gale topology. */
    public static TopologyFacts of(StormTopology topology) {
        Map<String, Map<String, Stream>> streams = new LinkedHashMap<>();
        Map<String, Map<GlobalStreamId, Grouping>> inputs = new LinkedHashMap<>();
        for (Map.Entry<String, SpoutSpec> e : topology.get_spouts().entrySet()) {
            add(e.getKey(), e.getValue().get_common(), streams, inputs);
        }
        for (Map.Entry<String, Bolt> e : topology.get_bolts().entrySet()) {
            add(e.getKey(), e.getValue().get_common(), streams, inputs);
        }
        return new TopologyFacts(streams, inputs);
    }

    private static void add(String id, ComponentCommon common, Map<String, Map<String, Stream>> streams,
                            Map<String, Map<GlobalStreamId, Grouping>> inputs) {
        Map<String, Stream> out = new LinkedHashMap<>();
        for (Map.Entry<String, StreamInfo> s : common.get_streams().entrySet()) {
            out.put(s.getKey(), new Stream(List.copyOf(s.getValue().get_output_fields()), s.getValue().is_direct()));
        }
        streams.put(id, Collections.unmodifiableMap(out));
        inputs.put(id, Collections.unmodifiableMap(new LinkedHashMap<>(common.get_inputs())));
    }

    /** The user components' ids, spouts first, in declaration order. */
    public Set<String> componentIds() {
        return Collections.unmodifiableSet(streams.keySet());
    }

    /** A component's declared streams by id (empty for a system component). */
    public Map<String, Stream> streamsOf(String componentId) {
        return streams.getOrDefault(componentId, Map.of());
    }

    /** The streams a component subscribes to, with Gale's groupings. */
    public Map<GlobalStreamId, Grouping> sourcesOf(String componentId) {
        return inputs.getOrDefault(componentId, Map.of());
    }

    /** By stream of the component, the subscribers and their groupings. */
    public Map<String, Map<String, Grouping>> targetsOf(String componentId) {
        Map<String, Map<String, Grouping>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Map<GlobalStreamId, Grouping>> c : inputs.entrySet()) {
            for (Map.Entry<GlobalStreamId, Grouping> in : c.getValue().entrySet()) {
                if (in.getKey().get_componentId().equals(componentId)) {
                    out.computeIfAbsent(in.getKey().get_streamId(), k -> new LinkedHashMap<>()).put(c.getKey(), in.getValue());
                }
            }
        }
        return out;
    }
}
