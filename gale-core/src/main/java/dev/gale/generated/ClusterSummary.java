package dev.gale.generated;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What {@code Nimbus.Iface.getClusterInfo()} returns: supervisors, running topologies and Nimbus hosts.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class ClusterSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    private List<SupervisorSummary> supervisors;
    private List<TopologySummary> topologies;
    private List<NimbusSummary> nimbuses;

    public ClusterSummary() {
    }

    public ClusterSummary(List<SupervisorSummary> supervisors, List<TopologySummary> topologies, List<NimbusSummary> nimbuses) {
        this.supervisors = supervisors;
        this.topologies = topologies;
        this.nimbuses = nimbuses;
    }

    public List<SupervisorSummary> get_supervisors() {
        return supervisors;
    }

    public void set_supervisors(List<SupervisorSummary> supervisors) {
        this.supervisors = supervisors;
    }

    public List<TopologySummary> get_topologies() {
        return topologies;
    }

    public void set_topologies(List<TopologySummary> topologies) {
        this.topologies = topologies;
    }

    public List<NimbusSummary> get_nimbuses() {
        return nimbuses;
    }

    public void set_nimbuses(List<NimbusSummary> nimbuses) {
        this.nimbuses = nimbuses;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ClusterSummary other)) {
            return false;
        }
        return Objects.equals(supervisors, other.supervisors)
                && Objects.equals(topologies, other.topologies)
                && Objects.equals(nimbuses, other.nimbuses);
    }

    @Override
    public int hashCode() {
        return Objects.hash(supervisors, topologies, nimbuses);
    }

    @Override
    public String toString() {
        return "ClusterSummary(" + "supervisors:" + supervisors + ", topologies:" + topologies + ", nimbuses:" + nimbuses + ")";
    }
}
