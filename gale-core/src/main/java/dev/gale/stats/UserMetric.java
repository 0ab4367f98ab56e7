package dev.gale.stats;

import com.codahale.metrics.Metric;

/**
 * One metric a component registered through {@code TopologyContext.registerCounter} and its
 * siblings (Storm's metrics v2): where it was registered and the live metric. Immutable; the
 * metric itself is thread-safe and reads its current value.
 */
public record UserMetric(String componentId, int taskId, String name, Metric metric) {
}
