package dev.gale.generated;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code Nimbus.Iface.getTopologyInfo(id)} returns: a running topology's executors with their counts, status and latest errors by component.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class TopologyInfo implements Serializable {
    private static final long serialVersionUID = 1L;

    private String id;
    private String name;
    private int uptime_secs;
    private List<ExecutorSummary> executors;
    private String status;
    private Map<String, List<ErrorInfo>> errors;
    private String storm_version;
    private String sched_status;
    private String owner;
    private int replication_count;
    private double requested_memonheap;
    private double requested_memoffheap;
    private double requested_cpu;
    private double assigned_memonheap;
    private double assigned_memoffheap;
    private double assigned_cpu;
    private boolean storm_version_isset;
    private boolean sched_status_isset;
    private boolean owner_isset;
    private boolean replication_count_isset;
    private boolean requested_memonheap_isset;
    private boolean requested_memoffheap_isset;
    private boolean requested_cpu_isset;
    private boolean assigned_memonheap_isset;
    private boolean assigned_memoffheap_isset;
    private boolean assigned_cpu_isset;

    public TopologyInfo() {
    }

    public TopologyInfo(String id, String name, int uptime_secs, List<ExecutorSummary> executors, String status, Map<String,
            List<ErrorInfo>> errors) {
        this.id = id;
        this.name = name;
        this.uptime_secs = uptime_secs;
        this.executors = executors;
        this.status = status;
        this.errors = errors;
    }

    public String get_id() {
        return id;
    }

    public void set_id(String id) {
        this.id = id;
    }

    public String get_name() {
        return name;
    }

    public void set_name(String name) {
        this.name = name;
    }

    public int get_uptime_secs() {
        return uptime_secs;
    }

    public void set_uptime_secs(int uptime_secs) {
        this.uptime_secs = uptime_secs;
    }

    public List<ExecutorSummary> get_executors() {
        return executors;
    }

    public void set_executors(List<ExecutorSummary> executors) {
        this.executors = executors;
    }

    public String get_status() {
        return status;
    }

    public void set_status(String status) {
        this.status = status;
    }

    public Map<String, List<ErrorInfo>> get_errors() {
        return errors;
    }

    public void set_errors(Map<String, List<ErrorInfo>> errors) {
        this.errors = errors;
    }

    public String get_storm_version() {
        return storm_version;
    }

    public void set_storm_version(String storm_version) {
        this.storm_version = storm_version;
        this.storm_version_isset = true;
    }

    public boolean is_set_storm_version() {
        return storm_version_isset;
    }

    public String get_sched_status() {
        return sched_status;
    }

    public void set_sched_status(String sched_status) {
        this.sched_status = sched_status;
        this.sched_status_isset = true;
    }

    public boolean is_set_sched_status() {
        return sched_status_isset;
    }

    public String get_owner() {
        return owner;
    }

    public void set_owner(String owner) {
        this.owner = owner;
        this.owner_isset = true;
    }

    public boolean is_set_owner() {
        return owner_isset;
    }

    public int get_replication_count() {
        return replication_count;
    }

    public void set_replication_count(int replication_count) {
        this.replication_count = replication_count;
        this.replication_count_isset = true;
    }

    public boolean is_set_replication_count() {
        return replication_count_isset;
    }

    public double get_requested_memonheap() {
        return requested_memonheap;
    }

    public void set_requested_memonheap(double requested_memonheap) {
        this.requested_memonheap = requested_memonheap;
        this.requested_memonheap_isset = true;
    }

    public boolean is_set_requested_memonheap() {
        return requested_memonheap_isset;
    }

    public double get_requested_memoffheap() {
        return requested_memoffheap;
    }

    public void set_requested_memoffheap(double requested_memoffheap) {
        this.requested_memoffheap = requested_memoffheap;
        this.requested_memoffheap_isset = true;
    }

    public boolean is_set_requested_memoffheap() {
        return requested_memoffheap_isset;
    }

    public double get_requested_cpu() {
        return requested_cpu;
    }

    public void set_requested_cpu(double requested_cpu) {
        this.requested_cpu = requested_cpu;
        this.requested_cpu_isset = true;
    }

    public boolean is_set_requested_cpu() {
        return requested_cpu_isset;
    }

    public double get_assigned_memonheap() {
        return assigned_memonheap;
    }

    public void set_assigned_memonheap(double assigned_memonheap) {
        this.assigned_memonheap = assigned_memonheap;
        this.assigned_memonheap_isset = true;
    }

    public boolean is_set_assigned_memonheap() {
        return assigned_memonheap_isset;
    }

    public double get_assigned_memoffheap() {
        return assigned_memoffheap;
    }

    public void set_assigned_memoffheap(double assigned_memoffheap) {
        this.assigned_memoffheap = assigned_memoffheap;
        this.assigned_memoffheap_isset = true;
    }

    public boolean is_set_assigned_memoffheap() {
        return assigned_memoffheap_isset;
    }

    public double get_assigned_cpu() {
        return assigned_cpu;
    }

    public void set_assigned_cpu(double assigned_cpu) {
        this.assigned_cpu = assigned_cpu;
        this.assigned_cpu_isset = true;
    }

    public boolean is_set_assigned_cpu() {
        return assigned_cpu_isset;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TopologyInfo other)) {
            return false;
        }
        return Objects.equals(id, other.id)
                && Objects.equals(name, other.name)
                && Objects.equals(uptime_secs, other.uptime_secs)
                && Objects.equals(executors, other.executors)
                && Objects.equals(status, other.status)
                && Objects.equals(errors, other.errors)
                && Objects.equals(storm_version, other.storm_version)
                && Objects.equals(sched_status, other.sched_status)
                && Objects.equals(owner, other.owner)
                && Objects.equals(replication_count, other.replication_count)
                && Objects.equals(requested_memonheap, other.requested_memonheap)
                && Objects.equals(requested_memoffheap, other.requested_memoffheap)
                && Objects.equals(requested_cpu, other.requested_cpu)
                && Objects.equals(assigned_memonheap, other.assigned_memonheap)
                && Objects.equals(assigned_memoffheap, other.assigned_memoffheap)
                && Objects.equals(assigned_cpu, other.assigned_cpu);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, uptime_secs, executors, status, errors, storm_version, sched_status, owner, replication_count,
                requested_memonheap, requested_memoffheap, requested_cpu, assigned_memonheap, assigned_memoffheap, assigned_cpu);
    }

    @Override
    public String toString() {
        return "TopologyInfo(" + "id:" + id + ", name:" + name + ", uptime_secs:" + uptime_secs + ", executors:" + executors + ", status:" + status
                + ", errors:" + errors + ", storm_version:" + storm_version + ", sched_status:" + sched_status + ", owner:" + owner
                + ", replication_count:" + replication_count + ", requested_memonheap:" + requested_memonheap + ", requested_memoffheap:"
                + requested_memoffheap + ", requested_cpu:" + requested_cpu + ", assigned_memonheap:" + assigned_memonheap
                + ", assigned_memoffheap:" + assigned_memoffheap + ", assigned_cpu:" + assigned_cpu + ")";
    }
}
