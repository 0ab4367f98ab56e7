package dev.gale.metric.api;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link ReducedMetric}s by key ("scope"), all with the same reducer: reports a map from key to
 * the bucket's result, leaving out keys with none. {@link #scope} is synchronized and may be
 * called from any thread; the metrics it returns are to be updated on the task's own thread.
 */
public class MultiReducedMetric implements IMetric {
    private final Map<String, ReducedMetric> value = new HashMap<>();
    @SuppressWarnings("rawtypes")
    private final IReducer reducer;

    @SuppressWarnings("rawtypes")
    public MultiReducedMetric(IReducer reducer) {
        this.reducer = reducer;
    }

    /** The metric of {@code key}, created on first use. */
    public ReducedMetric scope(String key) {
        synchronized (value) {
            return value.computeIfAbsent(key, k -> new ReducedMetric(reducer));
        }
    }

    @Override
    public Map<String, Object> getValueAndReset() {
        Map<String, Object> ret = new HashMap<>();
        synchronized (value) {
            for (Map.Entry<String, ReducedMetric> e : value.entrySet()) {
                Object v = e.getValue().getValueAndReset();
                if (v != null) {
                    ret.put(e.getKey(), v);
                }
            }
        }
        return ret;
    }
}
