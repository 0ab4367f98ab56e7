package dev.gale.metric.api;

import java.util.HashMap;
import java.util.Map;

/**
 * Counters by key ("scope"), each reset at every bucket: reports a map from key to count. Finding
 * or adding a key is synchronized, so {@link #scope} may be called from any thread; the counters
 * it returns are {@link CountMetric}s, to be updated on the task's own thread.
 */
public class MultiCountMetric implements IMetric {
    private final Map<String, CountMetric> value = new HashMap<>();

    public MultiCountMetric() {
    }

    /** The counter of {@code key}, created on first use. */
    public CountMetric scope(String key) {
        synchronized (value) {
            return value.computeIfAbsent(key, k -> new CountMetric());
        }
    }

    /** Every key's count of the bucket (keys seen once stay, reporting 0 until used again). */
    @Override
    public Map<String, Object> getValueAndReset() {
        Map<String, Object> ret = new HashMap<>();
        synchronized (value) {
            for (Map.Entry<String, CountMetric> e : value.entrySet()) {
                ret.put(e.getKey(), e.getValue().getValueAndReset());
            }
        }
        return ret;
    }
}
