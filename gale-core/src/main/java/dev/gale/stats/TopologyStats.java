package dev.gale.stats;

import dev.gale.Config;
import dev.gale.utils.ObjectReader;
import dev.gale.utils.Utils;
import java.util.List;
import java.util.Optional;

/**
 * Counters of a running topology, per component, at one moment. Immutable.
 *
 * @param completeLatency complete latency over all spout tasks
 * @param fatalError      the {@link Error} that stopped the topology (Gale only), or null while
 *                        there was none: a topology that hit one no longer processes tuples
 * @param messageTimeoutSecs the topology's {@code topology.message.timeout.secs} (Gale addition)
 */
public record TopologyStats(String topologyName, long uptimeMillis, List<ComponentStats> components,
                            LatencySummary completeLatency, ErrorInfo fatalError, int messageTimeoutSecs) {

    /** Stats of a topology that no fatal error stopped, with Storm's default timeout. */
    public TopologyStats(String topologyName, long uptimeMillis, List<ComponentStats> components,
                         LatencySummary completeLatency) {
        this(topologyName, uptimeMillis, components, completeLatency, null,
                ObjectReader.getInt(Utils.readDefaultConfig().get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS)));
    }

    /** All components of a given kind (Gale addition). */
    public List<ComponentStats> components(ComponentKind kind) {
        return components.stream().filter(c -> c.kind() == kind).toList();
    }

    /** Trees pending at every spout of the topology (Gale addition). */
    public long pendingTrees() {
        return components(ComponentKind.SPOUT).stream().mapToLong(ComponentStats::pendingTrees).sum();
    }

    /** The fatal error that stopped the topology, if one did. */
    public Optional<ErrorInfo> fatal() {
        return Optional.ofNullable(fatalError);
    }

    public Optional<ComponentStats> component(String componentId) {
        return components.stream().filter(c -> c.componentId().equals(componentId)).findFirst();
    }
}
