package dev.gale.ui;

import dev.gale.stats.MetricV1Value;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import java.util.List;
import java.util.Map;

/**
 * One topology as the sampler last saw it: its counters, shape and status, the rates since the
 * sample before, and the recent history the page charts. Immutable.
 *
 * @param sampledAtMillis wall-clock time of the sample
 * @param rates per component id
 * @param streamRates emitted tuples per second, by "component/stream"
 * @param pending trees pending per spout component (read without stopping the spout: approximate)
 * @param queueCapacity receive-queue slots per component (all its executors)
 * @param history oldest first, one point per sample, at most a few minutes
 * @param metricsV1 the last value of every metric v1 the tasks registered
 */
record TopologyView(String name, String status, long sampledAtMillis, TopologyStats stats, TopologyGraph graph,
                    Map<String, ComponentRates> rates, Map<String, Double> streamRates, Map<String, Long> pending,
                    Map<String, Integer> queueCapacity, int messageTimeoutSecs, List<HistoryPoint> history,
                    List<MetricV1Value> metricsV1) {

    /**
     * Per-second rates of one component over the last sampling interval.
     *
     * @param capacity Storm's capacity: the share of the interval its busiest task spent executing
     *     (executed in the interval times mean execute latency, over the interval); near 1 means
     *     the component is the bottleneck
     */
    record ComponentRates(double emitted, double executed, double acked, double failed, double capacity) {
        static final ComponentRates ZERO = new ComponentRates(0, 0, 0, 0, 0);
    }

    /**
     * One point of the throughput and latency chart.
     *
     * @param ackedPerSec spout trees completed per second
     * @param failedPerSec spout trees failed (or timed out) per second
     * @param completeLatencyMs mean complete latency of the trees completed in the interval
     */
    record HistoryPoint(long timeMillis, double emittedPerSec, double ackedPerSec, double failedPerSec,
                        double completeLatencyMs) {
    }
}
