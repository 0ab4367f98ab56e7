package dev.gale.impl.topology;

import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.stats.ComponentKind;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Checks a built topology's graph before it runs. Stateless. */
final class TopologyValidator {
    private TopologyValidator() {
    }

    static void validate(StormTopology topology) {
        Map<String, ComponentDef> components = topology.components();
        if (components.isEmpty()) {
            throw new InvalidTopologyException("the topology has no components: add at least one spout");
        }
        for (ComponentDef c : components.values()) {
            if (c.parallelism() < 1 || c.numTasks() < 1) {
                throw new InvalidTopologyException(c.describe() + " has parallelism " + c.parallelism() + " and "
                        + c.numTasks() + " tasks: both must be at least 1");
            }
            for (Subscription s : c.inputs()) {
                checkSubscription(components, c, s);
            }
            ComponentCopier.checkCopyable(c);
        }
    }

    /**
     * What is valid, as Storm accepts it, but most likely a mistake: a bolt subscribed to no stream
     * and a topology without spouts sit idle. Storm's submit checks neither (a bolt with no inputs
     * may still act on tick tuples), so Gale accepts them too and says so in the log instead. (Storm's
     * StormSubmitter, unlike its LocalCluster, refuses a topology without spouts, and so does Gale's.)
     *
     * @throws InvalidTopologyException if a component's settings do not resolve (as the plan's would not)
     */
    static List<String> warnings(StormTopology topology, Map<String, Object> topologyConf) {
        List<String> out = new ArrayList<>();
        boolean spouts = false;
        for (ComponentDef c : topology.components().values()) {
            if (c.kind() == ComponentKind.SPOUT) {
                spouts = true;
            } else if (c.inputs().isEmpty()) {
                // Whether it ticks as the runtime will resolve it, not by a second reading of the maps.
                boolean ticks = ComponentSettings.resolve(c, topologyConf).tickFreqSecs() > 0;
                out.add(c.describe() + " subscribes to no stream, so it will " + (ticks ? "only ever see tick tuples"
                        : "never execute") + ": subscribe it with a grouping, e.g. setBolt(\"" + c.id()
                        + "\", bolt).shuffleGrouping(\"some-spout\")");
            }
        }
        if (!spouts && !topology.components().isEmpty()) {
            out.add("the topology has no spout, so no tuple enters it" + " (components: " + topology.components().keySet()
                    + "): add one with setSpout");
        }
        return out;
    }

    private static void checkSubscription(Map<String, ComponentDef> components, ComponentDef bolt, Subscription s) {
        String sourceId = s.source().get_componentId();
        String streamId = s.source().get_streamId();
        String what = bolt.describe() + " subscribes to stream '" + streamId + "' of '" + sourceId + "' with "
                + s.grouping().type().name().toLowerCase() + " grouping";
        if (ImplicitStreams.isImplicit(sourceId, streamId, components.keySet())) {
            ImplicitStreams.checkGrouping(what, sourceId, streamId, s.grouping());
            return;
        }
        ComponentDef source = components.get(sourceId);
        if (source == null) {
            throw new InvalidTopologyException(what + ", but there is no component '" + sourceId
                    + "'; components are " + components.keySet());
        }
        StreamDef stream = source.outputs().get(streamId);
        if (stream == null) {
            throw new InvalidTopologyException(what + ", but '" + sourceId + "' does not declare stream '" + streamId
                    + "'; it declares " + source.outputs().keySet());
        }
        Grouping g = s.grouping();
        boolean directGrouping = g.type() == Grouping.Type.DIRECT;
        if (directGrouping && !stream.direct()) {
            throw new InvalidTopologyException(what + ", but that stream is not declared direct: declare it with"
                    + " declareStream(\"" + streamId + "\", true, fields) or use another grouping");
        }
        if (!directGrouping && stream.direct()) {
            throw new InvalidTopologyException(what + ", but that stream is declared direct: subscribe with"
                    + " directGrouping");
        }
        if (g.type() == Grouping.Type.CUSTOM) {
            // Every emitting task gets its own copy: refuse here, naming the subscription, not at task setup.
            ComponentCopier.checkCopyable(what + ": its grouping object", g.customGrouping());
        }
        if (g.type() == Grouping.Type.FIELDS || g.type() == Grouping.Type.PARTIAL_KEY) {
            Fields declared = stream.fields();
            for (String f : g.fields()) {
                if (!declared.contains(f)) {
                    throw new InvalidTopologyException(what + " on field '" + f + "', but stream '" + streamId
                            + "' of '" + sourceId + "' declares only the fields " + declared);
                }
            }
        }
    }
}
