package dev.gale.impl.metrics;

import dev.gale.metric.api.IMetricsConsumer;
import dev.gale.metric.api.IMetricsConsumer.DataPoint;
import dev.gale.metric.api.IMetricsConsumer.TaskInfo;
import dev.gale.task.IBolt;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import dev.gale.utils.ClassResolver;
import java.util.Collection;
import java.util.Map;

/**
 * The bolt that runs one registered metrics consumer (Storm's {@code MetricsConsumerBolt}): it
 * creates the consumer in {@code prepare}, and for every {@code [TaskInfo, data points]} tuple a
 * task sent on its {@code __metrics} stream, filters the points as registered and calls
 * {@code handleDataPoints}, on this bolt's executor. Storm hands them to a thread of its own and
 * drops the oldest past {@code max.retain.metric.tuples}; Gale calls the consumer in
 * {@code execute}, on an executor with a thread of its own, so no data point is dropped, a slow
 * consumer delays only itself, and simulated-time tests see every call when the clock advances.
 *
 * <p>Not thread-safe, as any bolt: one copy per task.
 */
public final class MetricsConsumerBolt implements IBolt {
    private static final long serialVersionUID = 1L;

    private final String consumerClassName;
    private final Object registrationArgument;
    private final DataPointFilter filter;
    private transient IMetricsConsumer consumer;
    private transient OutputCollector collector;

    MetricsConsumerBolt(String consumerClassName, Object registrationArgument, DataPointFilter filter) {
        this.consumerClassName = consumerClassName;
        this.registrationArgument = registrationArgument;
        this.filter = filter;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        try {
            consumer = ClassResolver.find(consumerClassName).asSubclass(IMetricsConsumer.class).getDeclaredConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new IllegalStateException("metrics consumer '" + consumerClassName + "' (registered in "
                    + "topology.metrics.consumer.register) cannot be created; it needs a public no-argument"
                    + " constructor: " + e, e);
        }
        this.collector = collector;
        consumer.prepare(topoConf, registrationArgument, context, collector);
    }

    @Override
    public void execute(Tuple input) {
        TaskInfo taskInfo = (TaskInfo) input.getValue(0);
        @SuppressWarnings("unchecked")
        Collection<DataPoint> points = (Collection<DataPoint>) input.getValue(1);
        consumer.handleDataPoints(taskInfo, filter.apply(points));
        collector.ack(input);
    }

    @Override
    public void cleanup() {
        if (consumer != null) {
            consumer.cleanup();
        }
    }

    /** The consumer's class name as registered (for tests and tools). */
    public String consumerClassName() {
        return consumerClassName;
    }
}
