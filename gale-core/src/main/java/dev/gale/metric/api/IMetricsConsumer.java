package dev.gale.metric.api;

import dev.gale.task.IErrorReporter;
import dev.gale.task.TopologyContext;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;

/**
 * Receives the metrics v1 values of a topology's tasks, one call per task and bucket. Registered
 * with {@code Config.registerMetricsConsumer} (the {@code topology.metrics.consumer.register}
 * list); the engine runs it in a bolt of its own ({@code __metrics_<class>}), so its calls are made
 * on that bolt's executor, one at a time, never on the thread of a task that reports: an
 * implementation needs no locking, and a slow one delays no other component.
 */
public interface IMetricsConsumer {

    /**
     * Called once, before any data point, on the consumer's executor.
     *
     * @param registrationArgument the {@code argument} given at registration (may be null)
     * @param errorReporter reports an error against the consumer's component, as a bolt's collector does
     */
    void prepare(Map<String, Object> topoConf, Object registrationArgument, TopologyContext context,
                 IErrorReporter errorReporter);

    /** The non-null values one task's metrics reported for one bucket. */
    void handleDataPoints(TaskInfo taskInfo, Collection<DataPoint> dataPoints);

    /** Called once when the topology is killed. */
    void cleanup();

    /**
     * Where and when a set of data points was taken: the reporting task and component, the time
     * (seconds of the topology's clock, as Storm's {@code Time.currentTimeSecs}) and the bucket
     * length. Gale runs every task in one process: the host is this machine's name and the port 0.
     * A plain holder with public fields, as in Storm; not thread-safe.
     */
    class TaskInfo {
        public String srcWorkerHost;
        public int srcWorkerPort;
        public String srcComponentId;
        public int srcTaskId;
        public long timestamp;
        public int updateIntervalSecs;

        public TaskInfo() {
        }

        public TaskInfo(String srcWorkerHost, int srcWorkerPort, String srcComponentId, int srcTaskId, long timestamp,
                        int updateIntervalSecs) {
            this.srcWorkerHost = srcWorkerHost;
            this.srcWorkerPort = srcWorkerPort;
            this.srcComponentId = srcComponentId;
            this.srcTaskId = srcTaskId;
            this.timestamp = timestamp;
            this.updateIntervalSecs = updateIntervalSecs;
        }

        @Override
        public String toString() {
            return "TASK_INFO: { host: " + srcWorkerHost + ":" + srcWorkerPort + " comp: " + srcComponentId + "["
                    + srcTaskId + "]}";
        }
    }

    /**
     * One metric's value for a bucket: its registered name (with the key appended, when a consumer
     * expands map values), the value and its dimensions. A plain holder with public fields, as in
     * Storm; not thread-safe.
     */
    class DataPoint {
        public String name;
        public Object value;
        public Map<String, String> dimensions;

        public DataPoint() {
        }

        public DataPoint(String name, Object value) {
            this(name, value, Collections.emptyMap());
        }

        public DataPoint(String name, Object value, Map<String, String> dimensions) {
            this.name = name;
            this.value = value;
            this.dimensions = dimensions;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("[").append(name).append('=').append(value);
            if (dimensions != null && !dimensions.isEmpty()) {
                sb.append(", ").append(dimensions);
            }
            return sb.append(']').toString();
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof DataPoint)) {
                return false;
            }
            DataPoint other = (DataPoint) o;
            return Objects.equals(name, other.name) && Objects.deepEquals(value, other.value)
                    && Objects.deepEquals(dimensions, other.dimensions);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, value, dimensions);
        }
    }
}
