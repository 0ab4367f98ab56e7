package dev.gale.stats;

import java.util.List;
import java.util.Optional;

/**
 * Counters of a running topology, per component, at one moment. Immutable.
 *
 * @param completeLatency complete latency over all spout tasks
 * @param fatalError      the {@link Error} that stopped the topology (Gale only), or null while
 *                        there was none: a topology that hit one no longer processes tuples
 */
public record TopologyStats(String topologyName, long uptimeMillis, List<ComponentStats> components,
                            LatencySummary completeLatency, ErrorInfo fatalError) {

    /** Stats of a topology that no fatal error stopped. */
    public TopologyStats(String topologyName, long uptimeMillis, List<ComponentStats> components,
                         LatencySummary completeLatency) {
        this(topologyName, uptimeMillis, components, completeLatency, null);
    }

    /** The fatal error that stopped the topology, if one did. */
    public Optional<ErrorInfo> fatal() {
        return Optional.ofNullable(fatalError);
    }

    public Optional<ComponentStats> component(String componentId) {
        return components.stream().filter(c -> c.componentId().equals(componentId)).findFirst();
    }
}
