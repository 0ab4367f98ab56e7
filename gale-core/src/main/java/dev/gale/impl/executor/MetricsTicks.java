package dev.gale.impl.executor;

import dev.gale.Constants;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.transfer.Inbox;
import dev.gale.metric.api.IMetric;
import dev.gale.metric.api.IMetricsConsumer.DataPoint;
import dev.gale.metric.api.IMetricsConsumer.TaskInfo;
import dev.gale.stats.MetricV1Value;
import dev.gale.time.SimulatedClock;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The metrics v1 of one executor's tasks, as Storm's executors report them. Once the tasks are
 * open or prepared (registering is closed then), one job per bucket length in the topology's
 * timer puts a {@link MetricsTick} on the executor's control queue at the end of every bucket of
 * the topology's clock. On the executor's thread, between two user calls, the tick reads each
 * task's metrics of that bucket ({@code getValueAndReset}), publishes the non-null values for the
 * UI, and, if metrics consumers are registered (the component then has a {@code __metrics}
 * stream, see {@code MetricsConsumers}), emits them on it as one unanchored tuple
 * {@code [TaskInfo, data points]} per task. An executor whose tasks registered no metric has no job:
 * nothing is done or allocated for metrics v1, per tuple or per bucket.
 *
 * <p>Not thread-safe: scheduled and run on the executor's thread.
 */
final class MetricsTicks {
    /** Gale runs every task in this process; Storm names the worker's host here. */
    static final String HOST = "localhost";

    private final Executor executor;
    private final RuntimeEnv env;
    private final List<TaskSetup> tasks;
    private final boolean toConsumers;

    private MetricsTicks(Executor executor, RuntimeEnv env, List<TaskSetup> tasks) {
        this.executor = executor;
        this.env = env;
        this.tasks = tasks;
        this.toConsumers = !env.plan().targetsOf(executor.componentId())
                .getOrDefault(Constants.METRICS_STREAM_ID, Map.of()).isEmpty();
    }

    /**
     * Closes the tasks' metrics v1 registration and schedules their buckets; call it once the
     * tasks' open or prepare has returned (also when it threw), on the executor's thread.
     */
    static void schedule(Executor executor, RuntimeEnv env, Inbox inbox, List<TaskSetup> tasks) {
        TreeSet<Integer> buckets = new TreeSet<>();
        for (TaskSetup t : tasks) {
            t.openOrPrepareWasCalled.set(true);
            buckets.addAll(t.registeredMetrics.keySet());
        }
        if (buckets.isEmpty() || env.timer() == null) {
            return;
        }
        MetricsTicks ticks = new MetricsTicks(executor, env, List.copyOf(tasks));
        for (int secs : buckets) {
            env.timer().scheduleFor(TimeUnit.SECONDS.toNanos(secs), due -> new MetricsTick(ticks, secs, due), inbox);
        }
    }

    /** The bucket of {@code bucketSecs} that ended at {@code dueNanos} (the clock's): report it. */
    void tick(int bucketSecs, long dueNanos) {
        long timestamp = timestampSecs(dueNanos);
        for (TaskSetup t : tasks) {
            Map<Integer, Map<String, IMetric>> byTask = t.registeredMetrics.get(bucketSecs);
            Map<String, IMetric> metrics = byTask == null ? null : byTask.get(t.taskId);
            if (metrics == null) {
                continue;
            }
            List<DataPoint> points = new ArrayList<>(metrics.size());
            for (Map.Entry<String, IMetric> e : metrics.entrySet()) {
                Object value;
                Map<String, String> dimensions;
                try {
                    value = e.getValue().getValueAndReset();
                    dimensions = value == null ? null : e.getValue().getDimensions();
                } catch (Throwable error) {
                    executor.errors.whileRunning(t.taskId, "metric '" + e.getKey() + "' threw in getValueAndReset", error);
                    continue;
                }
                if (value != null) {
                    points.add(new DataPoint(e.getKey(), value, dimensions == null ? Map.of() : dimensions));
                    env.metricV1Values().publish(new MetricV1Value(executor.componentId(), t.taskId, e.getKey(),
                            bucketSecs, timestamp, value));
                }
            }
            if (toConsumers && !points.isEmpty()) {
                emit(t, new Values(new TaskInfo(HOST, 0, executor.componentId(), t.taskId, timestamp, bucketSecs),
                        points));
            }
        }
    }

    /** As Storm's metrics tick: no hooks, no tree; counted on the {@code __metrics} stream. */
    private void emit(TaskSetup t, List<Object> values) {
        try {
            StreamRouter r = t.emitter.router(Constants.METRICS_STREAM_ID, values);
            int n = r.route(values);
            int[] targets = r.targets();
            for (int i = 0; i < n; i++) {
                t.emitter.send(targets[i], t.emitter.tuple(r, values, MessageId.makeUnanchored(), targets[i]));
            }
            r.counter().emitted(n);
            t.emitter.flush();
        } catch (RuntimeException e) {
            executor.errors.whileRunning(t.taskId, "the metrics v1 of the bucket could not be sent to the metrics consumers", e);
        }
    }

    /**
     * When the bucket ended, in seconds of the topology's clock, as {@code Time.currentTimeSecs()}
     * reads it on the task's thread: a tick may run after its instant (a busy executor, or several
     * buckets made due by one advance of a simulated clock), and stands for that instant.
     */
    private long timestampSecs(long dueNanos) {
        if (env.clock() instanceof SimulatedClock) {
            return TimeUnit.NANOSECONDS.toSeconds(dueNanos);
        }
        long lateMillis = TimeUnit.NANOSECONDS.toMillis(Math.max(0, env.clock().nanos() - dueNanos));
        return TimeUnit.MILLISECONDS.toSeconds(System.currentTimeMillis() - lateMillis);
    }
}
