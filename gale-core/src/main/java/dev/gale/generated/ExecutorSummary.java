package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * One executor of a running topology: its tasks, component, where it runs, for how long, and its counts.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class ExecutorSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    private ExecutorInfo executor_info;
    private String component_id;
    private String host;
    private int port;
    private int uptime_secs;
    private ExecutorStats stats;
    private boolean stats_isset;

    public ExecutorSummary() {
    }

    public ExecutorSummary(ExecutorInfo executor_info, String component_id, String host, int port, int uptime_secs) {
        this.executor_info = executor_info;
        this.component_id = component_id;
        this.host = host;
        this.port = port;
        this.uptime_secs = uptime_secs;
    }

    public ExecutorInfo get_executor_info() {
        return executor_info;
    }

    public void set_executor_info(ExecutorInfo executor_info) {
        this.executor_info = executor_info;
    }

    public String get_component_id() {
        return component_id;
    }

    public void set_component_id(String component_id) {
        this.component_id = component_id;
    }

    public String get_host() {
        return host;
    }

    public void set_host(String host) {
        this.host = host;
    }

    public int get_port() {
        return port;
    }

    public void set_port(int port) {
        this.port = port;
    }

    public int get_uptime_secs() {
        return uptime_secs;
    }

    public void set_uptime_secs(int uptime_secs) {
        this.uptime_secs = uptime_secs;
    }

    public ExecutorStats get_stats() {
        return stats;
    }

    public void set_stats(ExecutorStats stats) {
        this.stats = stats;
        this.stats_isset = true;
    }

    public boolean is_set_stats() {
        return stats_isset;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExecutorSummary other)) {
            return false;
        }
        return Objects.equals(executor_info, other.executor_info)
                && Objects.equals(component_id, other.component_id)
                && Objects.equals(host, other.host)
                && Objects.equals(port, other.port)
                && Objects.equals(uptime_secs, other.uptime_secs)
                && Objects.equals(stats, other.stats);
    }

    @Override
    public int hashCode() {
        return Objects.hash(executor_info, component_id, host, port, uptime_secs, stats);
    }

    @Override
    public String toString() {
        return "ExecutorSummary(" + "executor_info:" + executor_info + ", component_id:" + component_id + ", host:" + host + ", port:" + port
                + ", uptime_secs:" + uptime_secs + ", stats:" + stats + ")";
    }
}
