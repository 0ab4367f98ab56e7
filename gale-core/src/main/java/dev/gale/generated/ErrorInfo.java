package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * An error a component reported: its text (with stack trace), when (seconds since the epoch), and where.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class ErrorInfo implements Serializable {
    private static final long serialVersionUID = 1L;

    private String error;
    private int error_time_secs;
    private String host;
    private int port;
    private boolean host_isset;
    private boolean port_isset;

    public ErrorInfo() {
    }

    public ErrorInfo(String error, int error_time_secs) {
        this.error = error;
        this.error_time_secs = error_time_secs;
    }

    public String get_error() {
        return error;
    }

    public void set_error(String error) {
        this.error = error;
    }

    public int get_error_time_secs() {
        return error_time_secs;
    }

    public void set_error_time_secs(int error_time_secs) {
        this.error_time_secs = error_time_secs;
    }

    public String get_host() {
        return host;
    }

    public void set_host(String host) {
        this.host = host;
        this.host_isset = true;
    }

    public boolean is_set_host() {
        return host_isset;
    }

    public int get_port() {
        return port;
    }

    public void set_port(int port) {
        this.port = port;
        this.port_isset = true;
    }

    public boolean is_set_port() {
        return port_isset;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ErrorInfo other)) {
            return false;
        }
        return Objects.equals(error, other.error)
                && Objects.equals(error_time_secs, other.error_time_secs)
                && Objects.equals(host, other.host)
                && Objects.equals(port, other.port);
    }

    @Override
    public int hashCode() {
        return Objects.hash(error, error_time_secs, host, port);
    }

    @Override
    public String toString() {
        return "ErrorInfo(" + "error:" + error + ", error_time_secs:" + error_time_secs + ", host:" + host + ", port:" + port + ")";
    }
}
