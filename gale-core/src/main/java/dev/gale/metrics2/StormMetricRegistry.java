package dev.gale.metrics2;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricSet;
import com.codahale.metrics.Timer;
import dev.gale.stats.UserMetric;
import dev.gale.stats.UserMetrics;
import dev.gale.task.TopologyContext;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the metrics v2 of tasks are registered, by component, task and name: the registry Storm's
 * public {@code TopologyContext} constructor takes, so a context a test builds by hand records its
 * {@code registerCounter} and the like here, readable with {@link #getTaskCounters(int)} and its
 * siblings. Gale's engine keeps one per running topology (its {@link UserMetrics}, read by
 * {@code LocalCluster.getUserMetrics} and the UI); Storm's reporter plumbing ({@code start},
 * {@code stop}, rate counters) has no counterpart in one embedded JVM. Thread-safe.
 */
public class StormMetricRegistry {
    private final UserMetrics metrics;

    public StormMetricRegistry() {
        this(new UserMetrics());
    }

    /** Gale addition: a registry over the metrics of a running topology. */
    public StormMetricRegistry(UserMetrics metrics) {
        this.metrics = metrics;
    }

    /** Gale addition: the metrics registered here. */
    public UserMetrics userMetrics() {
        return metrics;
    }

    public Counter counter(String name, TopologyContext context) {
        return metrics.counter(context.getThisComponentId(), context.getThisTaskId(), name);
    }

    public Meter meter(String name, TopologyContext context) {
        return metrics.meter(context.getThisComponentId(), context.getThisTaskId(), name);
    }

    public Timer timer(String name, TopologyContext context) {
        return metrics.timer(context.getThisComponentId(), context.getThisTaskId(), name);
    }

    public Histogram histogram(String name, TopologyContext context) {
        return metrics.histogram(context.getThisComponentId(), context.getThisTaskId(), name);
    }

    public <T> Gauge<T> gauge(String name, Gauge<T> gauge, TopologyContext context) {
        return metrics.gauge(context.getThisComponentId(), context.getThisTaskId(), name, gauge);
    }

    /** Registers each metric of {@code set} as {@code prefix.name} (nested sets flattened). */
    public void metricSet(String prefix, MetricSet set, TopologyContext context) {
        context.registerMetricSet(prefix, set);
    }

    /** The counters of a task, by name. */
    public Map<String, Counter> getTaskCounters(int taskId) {
        return ofTask(taskId, Counter.class);
    }

    @SuppressWarnings("rawtypes")
    public Map<String, Gauge> getTaskGauges(int taskId) {
        return ofTask(taskId, Gauge.class);
    }

    public Map<String, Histogram> getTaskHistograms(int taskId) {
        return ofTask(taskId, Histogram.class);
    }

    public Map<String, Meter> getTaskMeters(int taskId) {
        return ofTask(taskId, Meter.class);
    }

    public Map<String, Timer> getTaskTimers(int taskId) {
        return ofTask(taskId, Timer.class);
    }

    private <M extends Metric> Map<String, M> ofTask(int taskId, Class<M> kind) {
        Map<String, M> found = new TreeMap<>();
        for (UserMetric m : metrics.all()) {
            if (m.taskId() == taskId && kind.isInstance(m.metric())) {
                found.put(m.name(), kind.cast(m.metric()));
            }
        }
        return found;
    }
}
