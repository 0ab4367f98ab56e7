package dev.gale.impl.topology;

import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.tuple.Fields;
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

    private static void checkSubscription(Map<String, ComponentDef> components, ComponentDef bolt, Subscription s) {
        String sourceId = s.source().get_componentId();
        String streamId = s.source().get_streamId();
        String what = bolt.describe() + " subscribes to stream '" + streamId + "' of '" + sourceId + "' with "
                + s.grouping().type().name().toLowerCase() + " grouping";
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
