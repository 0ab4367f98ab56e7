package dev.gale.metric.api.rpc;

import dev.gale.metric.api.AssignableMetric;

/** A value a subprocess sets; the last one set is reported. Not thread-safe: used on the task's thread. */
public class AssignableShellMetric extends AssignableMetric implements IShellMetric {
    public AssignableShellMetric(Object value) {
        super(value);
    }

    @Override
    public void updateMetricFromRPC(Object value) {
        setValue(value);
    }
}
