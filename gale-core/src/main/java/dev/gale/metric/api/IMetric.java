package dev.gale.metric.api;

import java.util.Collections;
import java.util.Map;

/**
 * A metric of Storm's metrics v1 API: registered in {@code open} / {@code prepare} with
 * {@code TopologyContext.registerMetric(name, metric, bucketSecs)}, read once per time bucket by
 * the engine, which hands the value to the topology's metrics consumers
 * ({@link IMetricsConsumer}). The engine reads it on the task's own thread, between two calls of
 * {@code execute} / {@code nextTuple}, so a metric updated only on that thread needs no locking.
 */
public interface IMetric {

    /**
     * The value for the bucket that just ended, and a reset for the next one (a counter goes back to
     * zero; a gauge-like metric may keep its value). {@code null} means nothing to report this time.
     */
    Object getValueAndReset();

    /** Extra key-value metadata of the measurement; empty unless the metric is dimensional. */
    default Map<String, String> getDimensions() {
        return Collections.emptyMap();
    }
}
