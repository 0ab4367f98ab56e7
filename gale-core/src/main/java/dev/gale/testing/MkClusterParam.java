package dev.gale.testing;

import java.util.Map;

/**
 * Options of the clusters {@code dev.gale.Testing.withLocalCluster} and friends make (Storm's
 * {@code MkClusterParam}). Only the daemon configuration means something in Gale (its
 * {@code topology.*} entries are defaults of every topology); supervisors, ports and the Nimbus
 * daemon are accepted and ignored, since every executor runs in this JVM. Not thread-safe.
 */
public class MkClusterParam {
    private Integer supervisors;
    private Integer portsPerSupervisor;
    private Map<String, Object> daemonConf;
    private Boolean nimbusDaemon;

    public Integer getSupervisors() {
        return supervisors;
    }

    public void setSupervisors(Integer supervisors) {
        this.supervisors = supervisors;
    }

    public Integer getPortsPerSupervisor() {
        return portsPerSupervisor;
    }

    public void setPortsPerSupervisor(Integer portsPerSupervisor) {
        this.portsPerSupervisor = portsPerSupervisor;
    }

    public Boolean isNimbusDaemon() {
        return nimbusDaemon;
    }

    public void setNimbusDaemon(Boolean nimbusDaemon) {
        this.nimbusDaemon = nimbusDaemon;
    }

    public Map<String, Object> getDaemonConf() {
        return daemonConf;
    }

    public void setDaemonConf(Map<String, Object> daemonConf) {
        this.daemonConf = daemonConf;
    }
}
