package dev.gale.generated;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * A spout executor's counts by window ({@code ":all-time"} in Gale) and stream: trees acked and failed, mean complete latency (ms).
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class SpoutStats implements Serializable {
    private static final long serialVersionUID = 1L;

    private Map<String, Map<String, Long>> acked;
    private Map<String, Map<String, Long>> failed;
    private Map<String, Map<String, Double>> complete_ms_avg;

    public SpoutStats() {
    }

    public SpoutStats(Map<String, Map<String, Long>> acked, Map<String, Map<String, Long>> failed, Map<String, Map<String, Double>> complete_ms_avg) {
        this.acked = acked;
        this.failed = failed;
        this.complete_ms_avg = complete_ms_avg;
    }

    public Map<String, Map<String, Long>> get_acked() {
        return acked;
    }

    public void set_acked(Map<String, Map<String, Long>> acked) {
        this.acked = acked;
    }

    public Map<String, Map<String, Long>> get_failed() {
        return failed;
    }

    public void set_failed(Map<String, Map<String, Long>> failed) {
        this.failed = failed;
    }

    public Map<String, Map<String, Double>> get_complete_ms_avg() {
        return complete_ms_avg;
    }

    public void set_complete_ms_avg(Map<String, Map<String, Double>> complete_ms_avg) {
        this.complete_ms_avg = complete_ms_avg;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SpoutStats other)) {
            return false;
        }
        return Objects.equals(acked, other.acked)
                && Objects.equals(failed, other.failed)
                && Objects.equals(complete_ms_avg, other.complete_ms_avg);
    }

    @Override
    public int hashCode() {
        return Objects.hash(acked, failed, complete_ms_avg);
    }

    @Override
    public String toString() {
        return "SpoutStats(" + "acked:" + acked + ", failed:" + failed + ", complete_ms_avg:" + complete_ms_avg + ")";
    }
}
