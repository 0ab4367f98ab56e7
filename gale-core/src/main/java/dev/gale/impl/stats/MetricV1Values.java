package dev.gale.impl.stats;

import dev.gale.stats.MetricV1Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last value every metric v1 of a topology reported, for the UI and
 * {@code LocalCluster.getMetricV1Values}: the metrics themselves reset when read, so only the
 * engine reads them, once per bucket, and publishes here. Thread-safe: executors publish on their
 * threads, readers read on theirs.
 */
public final class MetricV1Values {
    private record Key(String componentId, int taskId, String name) {
    }

    private final Map<Key, MetricV1Value> values = new ConcurrentHashMap<>();

    public void publish(MetricV1Value v) {
        values.put(new Key(v.componentId(), v.taskId(), v.name()), v);
    }

    /** Every metric's last value, by component, task and name. */
    public List<MetricV1Value> all() {
        List<MetricV1Value> out = new ArrayList<>(values.values());
        out.sort(Comparator.comparing(MetricV1Value::componentId).thenComparingInt(MetricV1Value::taskId)
                .thenComparing(MetricV1Value::name));
        return out;
    }
}
