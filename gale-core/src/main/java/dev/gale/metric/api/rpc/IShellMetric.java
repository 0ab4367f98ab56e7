package dev.gale.metric.api.rpc;

import dev.gale.metric.api.IMetric;

/**
 * A metric a multilang subprocess updates: its {@code metrics} command names a metric registered
 * on the task ({@code TopologyContext.registerMetric}) and carries a JSON value, which the shell
 * component passes here. Called on the task's own thread, like every other use of the metric.
 */
public interface IShellMetric extends IMetric {
    /**
     * Updates the metric from a subprocess' {@code metrics} command.
     *
     * @param value the command's params: a JSON value (String, Long, Double, Boolean, null, List or Map)
     */
    void updateMetricFromRPC(Object value);
}
