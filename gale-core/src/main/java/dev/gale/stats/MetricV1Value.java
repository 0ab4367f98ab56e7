package dev.gale.stats;

/**
 * The value one metric v1 ({@code TopologyContext.registerMetric}) reported for its last time
 * bucket: where it was registered, its bucket length, when the bucket ended (seconds of the
 * topology's clock, as the consumers' {@code TaskInfo.timestamp}) and the value as the metric
 * returned it (a {@code Long} for a {@code CountMetric}, a map for a {@code MultiCountMetric},
 * ...). A metric that reported nothing ({@code null}) keeps its previous value here. Immutable;
 * the value is the metric's own object, not to be changed.
 */
public record MetricV1Value(String componentId, int taskId, String name, int bucketSecs, long timestampSecs,
                            Object value) {
}
