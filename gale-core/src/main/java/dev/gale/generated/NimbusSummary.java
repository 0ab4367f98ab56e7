package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * A Nimbus in a cluster's summary; Gale's single JVM shows as one, the leader.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class NimbusSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    private String host;
    private int port;
    private int uptime_secs;
    private boolean isLeader;
    private String version;
    private int tlsPort;
    private boolean tlsPort_isset;

    public NimbusSummary() {
    }

    public NimbusSummary(String host, int port, int uptime_secs, boolean isLeader, String version) {
        this.host = host;
        this.port = port;
        this.uptime_secs = uptime_secs;
        this.isLeader = isLeader;
        this.version = version;
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

    public boolean is_isLeader() {
        return isLeader;
    }

    public void set_isLeader(boolean isLeader) {
        this.isLeader = isLeader;
    }

    public String get_version() {
        return version;
    }

    public void set_version(String version) {
        this.version = version;
    }

    public int get_tlsPort() {
        return tlsPort;
    }

    public void set_tlsPort(int tlsPort) {
        this.tlsPort = tlsPort;
        this.tlsPort_isset = true;
    }

    public boolean is_set_tlsPort() {
        return tlsPort_isset;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NimbusSummary other)) {
            return false;
        }
        return Objects.equals(host, other.host)
                && Objects.equals(port, other.port)
                && Objects.equals(uptime_secs, other.uptime_secs)
                && Objects.equals(isLeader, other.isLeader)
                && Objects.equals(version, other.version)
                && Objects.equals(tlsPort, other.tlsPort);
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, port, uptime_secs, isLeader, version, tlsPort);
    }

    @Override
    public String toString() {
        return "NimbusSummary(" + "host:" + host + ", port:" + port + ", uptime_secs:" + uptime_secs + ", isLeader:" + isLeader + ", version:"
                + version + ", tlsPort:" + tlsPort + ")";
    }
}
