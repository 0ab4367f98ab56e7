package dev.gale.metric.api.rpc;

import dev.gale.metric.api.IReducer;
import dev.gale.metric.api.ReducedMetric;

/** Values a subprocess sends, reduced by an {@link IReducer}. Not thread-safe: used on the task's thread. */
public class ReducedShellMetric extends ReducedMetric implements IShellMetric {
    public ReducedShellMetric(IReducer reducer) {
        super(reducer);
    }

    @Override
    public void updateMetricFromRPC(Object value) {
        update(value);
    }
}
