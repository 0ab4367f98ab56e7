package dev.gale.metric.api.rpc;

import dev.gale.metric.api.CombinedMetric;
import dev.gale.metric.api.ICombiner;

/** Values a subprocess sends, combined by an {@link ICombiner}. Not thread-safe: used on the task's thread. */
public class CombinedShellMetric extends CombinedMetric implements IShellMetric {
    public CombinedShellMetric(ICombiner combiner) {
        super(combiner);
    }

    @Override
    public void updateMetricFromRPC(Object value) {
        update(value);
    }
}
