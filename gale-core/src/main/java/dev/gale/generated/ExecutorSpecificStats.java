package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * An executor's spout or bolt counts: Storm's Thrift union, set to exactly one of the two. Not
 * thread-safe (a mutable value, as in Storm).
 */
public class ExecutorSpecificStats implements Serializable {
    private static final long serialVersionUID = 1L;

    private BoltStats bolt;
    private SpoutStats spout;

    public ExecutorSpecificStats() {
    }

    public static ExecutorSpecificStats bolt(BoltStats value) {
        ExecutorSpecificStats s = new ExecutorSpecificStats();
        s.set_bolt(value);
        return s;
    }

    public static ExecutorSpecificStats spout(SpoutStats value) {
        ExecutorSpecificStats s = new ExecutorSpecificStats();
        s.set_spout(value);
        return s;
    }

    /**
     * The bolt counts.
     *
     * @throws RuntimeException if this union holds spout counts, as Storm's does
     */
    public BoltStats get_bolt() {
        if (bolt == null) {
            throw new RuntimeException("Cannot get field 'bolt' because union is currently set to spout");
        }
        return bolt;
    }

    public void set_bolt(BoltStats value) {
        this.bolt = Objects.requireNonNull(value, "bolt");
        this.spout = null;
    }

    /**
     * The spout counts.
     *
     * @throws RuntimeException if this union holds bolt counts, as Storm's does
     */
    public SpoutStats get_spout() {
        if (spout == null) {
            throw new RuntimeException("Cannot get field 'spout' because union is currently set to bolt");
        }
        return spout;
    }

    public void set_spout(SpoutStats value) {
        this.spout = Objects.requireNonNull(value, "spout");
        this.bolt = null;
    }

    public boolean is_set_bolt() {
        return bolt != null;
    }

    public boolean is_set_spout() {
        return spout != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExecutorSpecificStats s && Objects.equals(bolt, s.bolt) && Objects.equals(spout, s.spout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bolt, spout);
    }

    @Override
    public String toString() {
        return "ExecutorSpecificStats(" + (bolt != null ? "bolt:" + bolt : "spout:" + spout) + ")";
    }
}
