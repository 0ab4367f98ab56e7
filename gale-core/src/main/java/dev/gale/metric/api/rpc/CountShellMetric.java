package dev.gale.metric.api.rpc;

import dev.gale.metric.api.CountMetric;

/**
 * A count a subprocess increments: no value adds one, a number adds that many. Not thread-safe:
 * used on the task's thread.
 */
public class CountShellMetric extends CountMetric implements IShellMetric {
    @Override
    public void updateMetricFromRPC(Object value) {
        if (value == null) {
            incr();
        } else if (value instanceof Number) {
            incrBy(((Number) value).longValue());
        } else {
            throw new IllegalArgumentException("CountShellMetric takes no value or a number from the subprocess, not "
                    + value.getClass().getSimpleName() + " '" + value + "'");
        }
    }
}
