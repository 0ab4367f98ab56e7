package dev.gale.generated;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * A running topology in a cluster's summary: id and name (the same in Gale), size, uptime, status, and the resources its components asked for.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
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
    private int replication_count;
    private double requested_memonheap;
    private double requested_memoffheap;
    private double requested_cpu;
    private double assigned_memonheap;
    private double assigned_memoffheap;
    private double assigned_cpu;
    private Map<String, Double> requested_generic_resources;
    private Map<String, Double> assigned_generic_resources;
    private boolean storm_version_isset;
    private boolean topology_version_isset;
    private boolean sched_status_isset;
    private boolean owner_isset;
    private boolean replication_count_isset;
    private boolean requested_memonheap_isset;
    private boolean requested_memoffheap_isset;
    private boolean requested_cpu_isset;
    private boolean assigned_memonheap_isset;
    private boolean assigned_memoffheap_isset;
    private boolean assigned_cpu_isset;
    private boolean requested_generic_resources_isset;
    private boolean assigned_generic_resources_isset;

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

    public void set_storm_version(String storm_version) {
        this.storm_version = storm_version;
        this.storm_version_isset = true;
    }

    public boolean is_set_storm_version() {
        return storm_version_isset;
    }

    public String get_topology_version() {
        return topology_version;
    }

    public void set_topology_version(String topology_version) {
        this.topology_version = topology_version;
        this.topology_version_isset = true;
    }

    public boolean is_set_topology_version() {
        return topology_version_isset;
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

    public Map<String, Double> get_requested_generic_resources() {
        return requested_generic_resources;
    }

    public void set_requested_generic_resources(Map<String, Double> requested_generic_resources) {
        this.requested_generic_resources = requested_generic_resources;
        this.requested_generic_resources_isset = true;
    }

    public boolean is_set_requested_generic_resources() {
        return requested_generic_resources_isset;
    }

    public Map<String, Double> get_assigned_generic_resources() {
        return assigned_generic_resources;
    }

    public void set_assigned_generic_resources(Map<String, Double> assigned_generic_resources) {
        this.assigned_generic_resources = assigned_generic_resources;
        this.assigned_generic_resources_isset = true;
    }

    public boolean is_set_assigned_generic_resources() {
        return assigned_generic_resources_isset;
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
