package dev.gale.generated;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * An executor's counts by window ({@code ":all-time"} in Gale) and stream: emitted and transferred, and its spout or bolt counts ({@link #get_specific()}).
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class ExecutorStats implements Serializable {
    private static final long serialVersionUID = 1L;

    private Map<String, Map<String, Long>> emitted;
    private Map<String, Map<String, Long>> transferred;
    private ExecutorSpecificStats specific;
    private double rate;

    public ExecutorStats() {
    }

    public ExecutorStats(Map<String, Map<String, Long>> emitted, Map<String, Map<String, Long>> transferred, ExecutorSpecificStats specific,
            double rate) {
        this.emitted = emitted;
        this.transferred = transferred;
        this.specific = specific;
        this.rate = rate;
    }

    public Map<String, Map<String, Long>> get_emitted() {
        return emitted;
    }

    public void set_emitted(Map<String, Map<String, Long>> emitted) {
        this.emitted = emitted;
    }

    public Map<String, Map<String, Long>> get_transferred() {
        return transferred;
    }

    public void set_transferred(Map<String, Map<String, Long>> transferred) {
        this.transferred = transferred;
    }

    public ExecutorSpecificStats get_specific() {
        return specific;
    }

    public void set_specific(ExecutorSpecificStats specific) {
        this.specific = specific;
    }

    public double get_rate() {
        return rate;
    }

    public void set_rate(double rate) {
        this.rate = rate;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExecutorStats other)) {
            return false;
        }
        return Objects.equals(emitted, other.emitted)
                && Objects.equals(transferred, other.transferred)
                && Objects.equals(specific, other.specific)
                && Objects.equals(rate, other.rate);
    }

    @Override
    public int hashCode() {
        return Objects.hash(emitted, transferred, specific, rate);
    }

    @Override
    public String toString() {
        return "ExecutorStats(" + "emitted:" + emitted + ", transferred:" + transferred + ", specific:" + specific + ", rate:" + rate + ")";
    }
}
