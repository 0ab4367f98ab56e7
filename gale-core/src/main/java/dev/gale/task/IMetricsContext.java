package dev.gale.task;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricSet;
import com.codahale.metrics.Timer;
import dev.gale.metric.api.CombinedMetric;
import dev.gale.metric.api.ICombiner;
import dev.gale.metric.api.IMetric;
import dev.gale.metric.api.IReducer;
import dev.gale.metric.api.ReducedMetric;

/**
 * Where a task registers its metrics: metrics v1 ({@code registerMetric}, reported per time bucket
 * to the topology's metrics consumers) and metrics v2 (the Dropwizard types). {@link TopologyContext}
 * is the one Gale gives; see it for when each may be called.
 */
public interface IMetricsContext {

    /** @deprecated in favour of metrics v2 (the other methods), as in Storm; still fully supported */
    @Deprecated
    <T extends IMetric> T registerMetric(String name, T metric, int timeBucketSizeInSecs);

    /** @deprecated in favour of metrics v2, as in Storm; still fully supported */
    @Deprecated
    ReducedMetric registerMetric(String name, IReducer reducer, int timeBucketSizeInSecs);

    /** @deprecated in favour of metrics v2, as in Storm; still fully supported */
    @Deprecated
    CombinedMetric registerMetric(String name, ICombiner combiner, int timeBucketSizeInSecs);

    Timer registerTimer(String name);

    Histogram registerHistogram(String name);

    Meter registerMeter(String name);

    Counter registerCounter(String name);

    <T> Gauge<T> registerGauge(String name, Gauge<T> gauge);

    void registerMetricSet(String prefix, MetricSet set);
}
