package dev.gale.generated;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * A supervisor in a cluster's summary; Gale's single JVM shows as one.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class SupervisorSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    private String host;
    private int uptime_secs;
    private int num_workers;
    private int num_used_workers;
    private String supervisor_id;
    private String version;
    private Map<String, Double> total_resources;
    private double used_mem;
    private double used_cpu;
    private double fragmented_mem;
    private double fragmented_cpu;
    private boolean blacklisted;
    private Map<String, Double> used_generic_resources;
    private boolean version_isset;
    private boolean total_resources_isset;
    private boolean used_mem_isset;
    private boolean used_cpu_isset;
    private boolean fragmented_mem_isset;
    private boolean fragmented_cpu_isset;
    private boolean blacklisted_isset;
    private boolean used_generic_resources_isset;

    public SupervisorSummary() {
    }

    public SupervisorSummary(String host, int uptime_secs, int num_workers, int num_used_workers, String supervisor_id) {
        this.host = host;
        this.uptime_secs = uptime_secs;
        this.num_workers = num_workers;
        this.num_used_workers = num_used_workers;
        this.supervisor_id = supervisor_id;
    }

    public String get_host() {
        return host;
    }

    public void set_host(String host) {
        this.host = host;
    }

    public int get_uptime_secs() {
        return uptime_secs;
    }

    public void set_uptime_secs(int uptime_secs) {
        this.uptime_secs = uptime_secs;
    }

    public int get_num_workers() {
        return num_workers;
    }

    public void set_num_workers(int num_workers) {
        this.num_workers = num_workers;
    }

    public int get_num_used_workers() {
        return num_used_workers;
    }

    public void set_num_used_workers(int num_used_workers) {
        this.num_used_workers = num_used_workers;
    }

    public String get_supervisor_id() {
        return supervisor_id;
    }

    public void set_supervisor_id(String supervisor_id) {
        this.supervisor_id = supervisor_id;
    }

    public String get_version() {
        return version;
    }

    public void set_version(String version) {
        this.version = version;
        this.version_isset = true;
    }

    public boolean is_set_version() {
        return version_isset;
    }

    public Map<String, Double> get_total_resources() {
        return total_resources;
    }

    public void set_total_resources(Map<String, Double> total_resources) {
        this.total_resources = total_resources;
        this.total_resources_isset = true;
    }

    public boolean is_set_total_resources() {
        return total_resources_isset;
    }

    public double get_used_mem() {
        return used_mem;
    }

    public void set_used_mem(double used_mem) {
        this.used_mem = used_mem;
        this.used_mem_isset = true;
    }

    public boolean is_set_used_mem() {
        return used_mem_isset;
    }

    public double get_used_cpu() {
        return used_cpu;
    }

    public void set_used_cpu(double used_cpu) {
        this.used_cpu = used_cpu;
        this.used_cpu_isset = true;
    }

    public boolean is_set_used_cpu() {
        return used_cpu_isset;
    }

    public double get_fragmented_mem() {
        return fragmented_mem;
    }

    public void set_fragmented_mem(double fragmented_mem) {
        this.fragmented_mem = fragmented_mem;
        this.fragmented_mem_isset = true;
    }

    public boolean is_set_fragmented_mem() {
        return fragmented_mem_isset;
    }

    public double get_fragmented_cpu() {
        return fragmented_cpu;
    }

    public void set_fragmented_cpu(double fragmented_cpu) {
        this.fragmented_cpu = fragmented_cpu;
        this.fragmented_cpu_isset = true;
    }

    public boolean is_set_fragmented_cpu() {
        return fragmented_cpu_isset;
    }

    public boolean is_blacklisted() {
        return blacklisted;
    }

    public void set_blacklisted(boolean blacklisted) {
        this.blacklisted = blacklisted;
        this.blacklisted_isset = true;
    }

    public boolean is_set_blacklisted() {
        return blacklisted_isset;
    }

    public Map<String, Double> get_used_generic_resources() {
        return used_generic_resources;
    }

    public void set_used_generic_resources(Map<String, Double> used_generic_resources) {
        this.used_generic_resources = used_generic_resources;
        this.used_generic_resources_isset = true;
    }

    public boolean is_set_used_generic_resources() {
        return used_generic_resources_isset;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SupervisorSummary other)) {
            return false;
        }
        return Objects.equals(host, other.host)
                && Objects.equals(uptime_secs, other.uptime_secs)
                && Objects.equals(num_workers, other.num_workers)
                && Objects.equals(num_used_workers, other.num_used_workers)
                && Objects.equals(supervisor_id, other.supervisor_id)
                && Objects.equals(version, other.version)
                && Objects.equals(total_resources, other.total_resources)
                && Objects.equals(used_mem, other.used_mem)
                && Objects.equals(used_cpu, other.used_cpu)
                && Objects.equals(fragmented_mem, other.fragmented_mem)
                && Objects.equals(fragmented_cpu, other.fragmented_cpu)
                && Objects.equals(blacklisted, other.blacklisted)
                && Objects.equals(used_generic_resources, other.used_generic_resources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, uptime_secs, num_workers, num_used_workers, supervisor_id, version, total_resources, used_mem, used_cpu,
                fragmented_mem, fragmented_cpu, blacklisted, used_generic_resources);
    }

    @Override
    public String toString() {
        return "SupervisorSummary(" + "host:" + host + ", uptime_secs:" + uptime_secs + ", num_workers:" + num_workers + ", num_used_workers:"
                + num_used_workers + ", supervisor_id:" + supervisor_id + ", version:" + version + ", total_resources:" + total_resources
                + ", used_mem:" + used_mem + ", used_cpu:" + used_cpu + ", fragmented_mem:" + fragmented_mem + ", fragmented_cpu:" + fragmented_cpu
                + ", blacklisted:" + blacklisted + ", used_generic_resources:" + used_generic_resources + ")";
    }
}
