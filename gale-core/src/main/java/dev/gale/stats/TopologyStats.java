package dev.gale.stats;

import java.util.List;
import java.util.Optional;

/**
 * Counters of a running topology, per component, at one moment. Immutable.
 *
 * @param completeLatency complete latency over all spout tasks
 */
public record TopologyStats(String topologyName, long uptimeMillis, List<ComponentStats> components,
                            LatencySummary completeLatency) {

    public Optional<ComponentStats> component(String componentId) {
        return components.stream().filter(c -> c.componentId().equals(componentId)).findFirst();
    }
}
