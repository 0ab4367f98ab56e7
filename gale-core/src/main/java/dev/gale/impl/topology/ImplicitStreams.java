package dev.gale.impl.topology;

import dev.gale.Constants;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The streams Storm adds to every topology without a declaration: the system component's
 * {@code __tick}, {@code __flush} and {@code __metrics_tick} streams, and every component's
 * {@code __system} stream. Subscribing to them is valid, as in Storm. Nothing is emitted on them
 * to subscribers (Storm's system component has no tasks either): tick tuples reach a bolt because
 * {@code topology.tick.tuple.freq.secs} is set for it. Stateless.
 */
final class ImplicitStreams {
    /** Storm's per-component system stream. */
    static final String SYSTEM_STREAM_ID = "__system";

    private static final Map<String, List<String>> SYSTEM_COMPONENT_STREAMS = Map.of(
            Constants.SYSTEM_TICK_STREAM_ID, List.of("rate_secs"),
            Constants.SYSTEM_FLUSH_STREAM_ID, List.of(),
            Constants.METRICS_TICK_STREAM_ID, List.of("interval"));

    private ImplicitStreams() {
    }

    static boolean isImplicit(String componentId, String streamId, Set<String> components) {
        if (componentId.equals(Constants.SYSTEM_COMPONENT_ID)) {
            return SYSTEM_COMPONENT_STREAMS.containsKey(streamId);
        }
        return streamId.equals(SYSTEM_STREAM_ID) && components.contains(componentId);
    }

    /** The fields of an implicit stream. */
    static List<String> fields(String componentId, String streamId) {
        return componentId.equals(Constants.SYSTEM_COMPONENT_ID) ? SYSTEM_COMPONENT_STREAMS.get(streamId)
                : List.of("event");
    }

    /** Fields groupings must name the stream's fields, and nothing on these streams is direct. */
    static void checkGrouping(String what, String componentId, String streamId, Grouping g) {
        List<String> fields = fields(componentId, streamId);
        if (g.type() == Grouping.Type.DIRECT) {
            throw new InvalidTopologyException(what + ", but that implicit stream is not direct");
        }
        if (g.type() == Grouping.Type.FIELDS || g.type() == Grouping.Type.PARTIAL_KEY) {
            for (String f : g.fields()) {
                if (!fields.contains(f)) {
                    throw new InvalidTopologyException(what + " on field '" + f + "', but stream '" + streamId + "' of '"
                            + componentId + "' has only the fields " + fields);
                }
            }
        }
    }
}
