package dev.gale.stats;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.SlidingTimeWindowArrayReservoir;
import com.codahale.metrics.Timer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The metrics a topology's components registered through Storm's metrics-v2 methods on
 * {@code TopologyContext}, by component, task and name. Registering a name twice on one task
 * returns the metric registered first (as Storm's registry does), or fails if it is of another
 * kind. Thread-safe: tasks register on their threads, the UI and {@code LocalCluster} read on theirs.
 */
public final class UserMetrics {
    private record Key(String componentId, int taskId, String name) {
    }

    private final Map<Key, Metric> metrics = new ConcurrentHashMap<>();

    public Counter counter(String componentId, int taskId, String name) {
        return register(componentId, taskId, name, Counter.class, Counter::new);
    }

    public Meter meter(String componentId, int taskId, String name) {
        return register(componentId, taskId, name, Meter.class, Meter::new);
    }

    public Histogram histogram(String componentId, int taskId, String name) {
        // The last minute's values, as a dashboard expects of a percentile.
        return register(componentId, taskId, name, Histogram.class,
                () -> new Histogram(new SlidingTimeWindowArrayReservoir(1, TimeUnit.MINUTES)));
    }

    public Timer timer(String componentId, int taskId, String name) {
        return register(componentId, taskId, name, Timer.class,
                () -> new Timer(new SlidingTimeWindowArrayReservoir(1, TimeUnit.MINUTES)));
    }

    @SuppressWarnings("unchecked")
    public <T> Gauge<T> gauge(String componentId, int taskId, String name, Gauge<T> gauge) {
        return register(componentId, taskId, name, Gauge.class, () -> gauge);
    }

    /** Any metric of a {@code MetricSet}, under its own name. */
    public void metric(String componentId, int taskId, String name, Metric metric) {
        register(componentId, taskId, name, Metric.class, () -> metric);
    }

    private <M extends Metric> M register(String componentId, int taskId, String name, Class<?> kind,
            Supplier<? extends Metric> create) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("component '" + componentId + "', task " + taskId
                    + ": a metric needs a non-empty name");
        }
        Metric m = metrics.computeIfAbsent(new Key(componentId, taskId, name), k -> create.get());
        if (!kind.isInstance(m)) {
            throw new IllegalArgumentException("component '" + componentId + "', task " + taskId + ": metric '" + name
                    + "' is already registered as a " + m.getClass().getSimpleName());
        }
        @SuppressWarnings("unchecked")
        M typed = (M) m;
        return typed;
    }

    /** Every registered metric, live (reading it reads the metric's current value). */
    public List<UserMetric> all() {
        List<UserMetric> out = new ArrayList<>(metrics.size());
        metrics.forEach((k, m) -> out.add(new UserMetric(k.componentId(), k.taskId(), k.name(), m)));
        out.sort(Comparator.comparing(UserMetric::componentId).thenComparingInt(UserMetric::taskId)
                .thenComparing(UserMetric::name));
        return out;
    }
}
