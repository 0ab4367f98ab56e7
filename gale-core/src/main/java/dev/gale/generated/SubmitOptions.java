package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * Options of a submit ({@code org.apache.storm.generated.SubmitOptions}) in the shape of Storm's
 * Thrift-generated class: the {@link TopologyInitialStatus} the topology starts in. Storm's
 * {@code creds} field (credentials pushed to workers) has no meaning in one JVM and is left out.
 *
 * <p>Not thread-safe (a mutable value, as in Storm).
 */
public class SubmitOptions implements Serializable, Cloneable {
    private static final long serialVersionUID = 1L;

    private TopologyInitialStatus initial_status;

    /** Options with the initial status unset (the topology starts active). */
    public SubmitOptions() {
    }

    public SubmitOptions(TopologyInitialStatus initial_status) {
        this.initial_status = initial_status;
    }

    /** A copy of {@code other}. */
    public SubmitOptions(SubmitOptions other) {
        this.initial_status = other.initial_status;
    }

    public SubmitOptions deepCopy() {
        return new SubmitOptions(this);
    }

    public void clear() {
        this.initial_status = null;
    }

    public TopologyInitialStatus get_initial_status() {
        return initial_status;
    }

    public void set_initial_status(TopologyInitialStatus initial_status) {
        this.initial_status = initial_status;
    }

    public void unset_initial_status() {
        this.initial_status = null;
    }

    public boolean is_set_initial_status() {
        return initial_status != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SubmitOptions && ((SubmitOptions) o).initial_status == initial_status;
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(initial_status);
    }

    @Override
    public String toString() {
        return "SubmitOptions(initial_status:" + initial_status + ")";
    }
}
