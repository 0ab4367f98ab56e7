package dev.gale.multilang;

import dev.gale.metric.api.IMetric;
import dev.gale.metric.api.rpc.IShellMetric;
import dev.gale.task.TopologyContext;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Applies a multilang subprocess' {@code metrics} commands to the task's registered
 * {@link IShellMetric}s. Where Storm throws (and so restarts the worker) on an unknown metric, a
 * metric that is no {@code IShellMetric}, or a value it refuses, Gale reports the error and drops
 * the update: a subprocess' metric is no reason to fail its tuples. Each unknown name is reported
 * once. Used by ShellBolt and ShellSpout (a Gale addition; Storm does this inside them). Not
 * thread-safe: one per shell component, used on its task's thread.
 */
public final class ShellMetricUpdates {
    private final TopologyContext context;
    private final String owner;
    private final Consumer<Throwable> report;
    private final Set<String> reported = new HashSet<>();

    /**
     * @param owner names the component and task, for errors
     * @param report where errors go (the component's collector's reportError)
     */
    public ShellMetricUpdates(TopologyContext context, String owner, Consumer<Throwable> report) {
        this.context = context;
        this.owner = owner;
        this.report = report;
    }

    /** Applies one {@code metrics} command. */
    public void apply(ShellMsg msg) {
        String name = msg.getMetricName();
        if (name == null || name.isEmpty()) {
            throw new IllegalStateException("a metrics command without a metric name");
        }
        IMetric metric = context.getRegisteredMetricByName(name);
        if (!(metric instanceof IShellMetric)) {
            if (reported.add(name)) {
                report.accept(new IllegalStateException(owner + ": the subprocess updates metric '" + name + "', but "
                        + (metric == null ? "no metric of that name is registered"
                        : "the metric registered under that name (" + metric.getClass().getName()
                        + ") is not an IShellMetric") + "; its updates are dropped"));
            }
            return;
        }
        try {
            ((IShellMetric) metric).updateMetricFromRPC(msg.getMetricParams());
        } catch (RuntimeException e) {
            report.accept(new IllegalStateException(owner + ": metric '" + name + "' refused the subprocess' value "
                    + msg.getMetricParams() + "; the update is dropped", e));
        }
    }
}
