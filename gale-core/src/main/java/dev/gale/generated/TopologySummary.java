package dev.gale.generated;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * A running topology in a cluster's summary: id and name (the same in Gale), size, uptime, status, and the resources its components asked for.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. An optional field is present when it is non-null, as for
 * Thrift's object fields: {@code is_set_x()} says so, and {@code get_x()} of an absent number is 0.
 * Not thread-safe (a mutable value, as in Storm).
 */
public class TopologySummary implements Serializable {
    private static final long serialVersionUID = 1L;

    private String id;
    private String name;
    private int num_tasks;
    private int num_executors;
    private int num_workers;
    private int uptime_secs;
    private String status;
    private String storm_version;
    private String topology_version;
    private String sched_status;
    private String owner;
    private Integer replication_count;
    private Double requested_memonheap;
    private Double requested_memoffheap;
    private Double requested_cpu;
    private Double assigned_memonheap;
    private Double assigned_memoffheap;
    private Double assigned_cpu;
    private Map<String, Double> requested_generic_resources;
    private Map<String, Double> assigned_generic_resources;

    public TopologySummary() {
    }

    public TopologySummary(String id, String name, int num_tasks, int num_executors, int num_workers, int uptime_secs, String status) {
        this.id = id;
        this.name = name;
        this.num_tasks = num_tasks;
        this.num_executors = num_executors;
        this.num_workers = num_workers;
        this.uptime_secs = uptime_secs;
        this.status = status;
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

    public int get_num_tasks() {
        return num_tasks;
    }

    public void set_num_tasks(int num_tasks) {
        this.num_tasks = num_tasks;
    }

    public int get_num_executors() {
        return num_executors;
    }

    public void set_num_executors(int num_executors) {
        this.num_executors = num_executors;
    }

    public int get_num_workers() {
        return num_workers;
    }

    public void set_num_workers(int num_workers) {
        this.num_workers = num_workers;
    }

    public int get_uptime_secs() {
        return uptime_secs;
    }

    public void set_uptime_secs(int uptime_secs) {
        this.uptime_secs = uptime_secs;
    }

    public String get_status() {
        return status;
    }

    public void set_status(String status) {
        this.status = status;
    }

    public String get_storm_version() {
        return storm_version;
    }

    public void set_storm_version(String value) {
        storm_version = value;
    }

    public boolean is_set_storm_version() {
        return storm_version != null;
    }

    public String get_topology_version() {
        return topology_version;
    }

    public void set_topology_version(String value) {
        topology_version = value;
    }

    public boolean is_set_topology_version() {
        return topology_version != null;
    }

    public String get_sched_status() {
        return sched_status;
    }

    public void set_sched_status(String value) {
        sched_status = value;
    }

    public boolean is_set_sched_status() {
        return sched_status != null;
    }

    public String get_owner() {
        return owner;
    }

    public void set_owner(String value) {
        owner = value;
    }

    public boolean is_set_owner() {
        return owner != null;
    }

    public int get_replication_count() {
        return replication_count == null ? 0 : replication_count;
    }

    public void set_replication_count(int value) {
        replication_count = value;
    }

    public boolean is_set_replication_count() {
        return replication_count != null;
    }

    public double get_requested_memonheap() {
        return requested_memonheap == null ? 0.0 : requested_memonheap;
    }

    public void set_requested_memonheap(double value) {
        requested_memonheap = value;
    }

    public boolean is_set_requested_memonheap() {
        return requested_memonheap != null;
    }

    public double get_requested_memoffheap() {
        return requested_memoffheap == null ? 0.0 : requested_memoffheap;
    }

    public void set_requested_memoffheap(double value) {
        requested_memoffheap = value;
    }

    public boolean is_set_requested_memoffheap() {
        return requested_memoffheap != null;
    }

    public double get_requested_cpu() {
        return requested_cpu == null ? 0.0 : requested_cpu;
    }

    public void set_requested_cpu(double value) {
        requested_cpu = value;
    }

    public boolean is_set_requested_cpu() {
        return requested_cpu != null;
    }

    public double get_assigned_memonheap() {
        return assigned_memonheap == null ? 0.0 : assigned_memonheap;
    }

    public void set_assigned_memonheap(double value) {
        assigned_memonheap = value;
    }

    public boolean is_set_assigned_memonheap() {
        return assigned_memonheap != null;
    }

    public double get_assigned_memoffheap() {
        return assigned_memoffheap == null ? 0.0 : assigned_memoffheap;
    }

    public void set_assigned_memoffheap(double value) {
        assigned_memoffheap = value;
    }

    public boolean is_set_assigned_memoffheap() {
        return assigned_memoffheap != null;
    }

    public double get_assigned_cpu() {
        return assigned_cpu == null ? 0.0 : assigned_cpu;
    }

    public void set_assigned_cpu(double value) {
        assigned_cpu = value;
    }

    public boolean is_set_assigned_cpu() {
        return assigned_cpu != null;
    }

    public Map<String, Double> get_requested_generic_resources() {
        return requested_generic_resources;
    }

    public void set_requested_generic_resources(Map<String, Double> value) {
        requested_generic_resources = value;
    }

    public boolean is_set_requested_generic_resources() {
        return requested_generic_resources != null;
    }

    public Map<String, Double> get_assigned_generic_resources() {
        return assigned_generic_resources;
    }

    public void set_assigned_generic_resources(Map<String, Double> value) {
        assigned_generic_resources = value;
    }

    public boolean is_set_assigned_generic_resources() {
        return assigned_generic_resources != null;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TopologySummary other)) {
            return false;
        }
        return Objects.equals(id, other.id)
                && Objects.equals(name, other.name)
                && Objects.equals(num_tasks, other.num_tasks)
                && Objects.equals(num_executors, other.num_executors)
                && Objects.equals(num_workers, other.num_workers)
                && Objects.equals(uptime_secs, other.uptime_secs)
                && Objects.equals(status, other.status)
                && Objects.equals(storm_version, other.storm_version)
                && Objects.equals(topology_version, other.topology_version)
                && Objects.equals(sched_status, other.sched_status)
                && Objects.equals(owner, other.owner)
                && Objects.equals(replication_count, other.replication_count)
                && Objects.equals(requested_memonheap, other.requested_memonheap)
                && Objects.equals(requested_memoffheap, other.requested_memoffheap)
                && Objects.equals(requested_cpu, other.requested_cpu)
                && Objects.equals(assigned_memonheap, other.assigned_memonheap)
                && Objects.equals(assigned_memoffheap, other.assigned_memoffheap)
                && Objects.equals(assigned_cpu, other.assigned_cpu)
                && Objects.equals(requested_generic_resources, other.requested_generic_resources)
                && Objects.equals(assigned_generic_resources, other.assigned_generic_resources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, num_tasks, num_executors, num_workers, uptime_secs, status, storm_version, topology_version, sched_status,
                owner, replication_count, requested_memonheap, requested_memoffheap, requested_cpu, assigned_memonheap, assigned_memoffheap,
                assigned_cpu, requested_generic_resources, assigned_generic_resources);
    }

    @Override
    public String toString() {
        return "TopologySummary(" + "id:" + id + ", name:" + name + ", num_tasks:" + num_tasks + ", num_executors:" + num_executors
                + ", num_workers:" + num_workers + ", uptime_secs:" + uptime_secs + ", status:" + status + ", storm_version:" + storm_version
                + ", topology_version:" + topology_version + ", sched_status:" + sched_status + ", owner:" + owner + ", replication_count:"
                + replication_count + ", requested_memonheap:" + requested_memonheap + ", requested_memoffheap:" + requested_memoffheap
                + ", requested_cpu:" + requested_cpu + ", assigned_memonheap:" + assigned_memonheap + ", assigned_memoffheap:" + assigned_memoffheap
                + ", assigned_cpu:" + assigned_cpu + ", requested_generic_resources:" + requested_generic_resources
                + ", assigned_generic_resources:" + assigned_generic_resources + ")";
    }
}
