package dev.gale.generated;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * A bolt executor's counts by window ({@code ":all-time"} in Gale) and input stream: acked, failed, executed, mean process and execute latencies (ms).
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class BoltStats implements Serializable {
    private static final long serialVersionUID = 1L;

    private Map<String, Map<GlobalStreamId, Long>> acked;
    private Map<String, Map<GlobalStreamId, Long>> failed;
    private Map<String, Map<GlobalStreamId, Double>> process_ms_avg;
    private Map<String, Map<GlobalStreamId, Long>> executed;
    private Map<String, Map<GlobalStreamId, Double>> execute_ms_avg;

    public BoltStats() {
    }

    public BoltStats(Map<String, Map<GlobalStreamId, Long>> acked, Map<String, Map<GlobalStreamId, Long>> failed, Map<String, Map<GlobalStreamId,
            Double>> process_ms_avg, Map<String, Map<GlobalStreamId, Long>> executed, Map<String, Map<GlobalStreamId, Double>> execute_ms_avg) {
        this.acked = acked;
        this.failed = failed;
        this.process_ms_avg = process_ms_avg;
        this.executed = executed;
        this.execute_ms_avg = execute_ms_avg;
    }

    public Map<String, Map<GlobalStreamId, Long>> get_acked() {
        return acked;
    }

    public void set_acked(Map<String, Map<GlobalStreamId, Long>> acked) {
        this.acked = acked;
    }

    public Map<String, Map<GlobalStreamId, Long>> get_failed() {
        return failed;
    }

    public void set_failed(Map<String, Map<GlobalStreamId, Long>> failed) {
        this.failed = failed;
    }

    public Map<String, Map<GlobalStreamId, Double>> get_process_ms_avg() {
        return process_ms_avg;
    }

    public void set_process_ms_avg(Map<String, Map<GlobalStreamId, Double>> process_ms_avg) {
        this.process_ms_avg = process_ms_avg;
    }

    public Map<String, Map<GlobalStreamId, Long>> get_executed() {
        return executed;
    }

    public void set_executed(Map<String, Map<GlobalStreamId, Long>> executed) {
        this.executed = executed;
    }

    public Map<String, Map<GlobalStreamId, Double>> get_execute_ms_avg() {
        return execute_ms_avg;
    }

    public void set_execute_ms_avg(Map<String, Map<GlobalStreamId, Double>> execute_ms_avg) {
        this.execute_ms_avg = execute_ms_avg;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BoltStats other)) {
            return false;
        }
        return Objects.equals(acked, other.acked)
                && Objects.equals(failed, other.failed)
                && Objects.equals(process_ms_avg, other.process_ms_avg)
                && Objects.equals(executed, other.executed)
                && Objects.equals(execute_ms_avg, other.execute_ms_avg);
    }

    @Override
    public int hashCode() {
        return Objects.hash(acked, failed, process_ms_avg, executed, execute_ms_avg);
    }

    @Override
    public String toString() {
        return "BoltStats(" + "acked:" + acked + ", failed:" + failed + ", process_ms_avg:" + process_ms_avg + ", executed:" + executed
                + ", execute_ms_avg:" + execute_ms_avg + ")";
    }
}
