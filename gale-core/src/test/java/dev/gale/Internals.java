package dev.gale;

import dev.gale.impl.runtime.RunningTopology;

/** Gale's own tests reach a cluster's running topologies through here; users see public stats only. */
public final class Internals {
    private Internals() {
    }

    /** The engine's view of a running topology of {@code cluster}. */
    public static RunningTopology running(LocalCluster cluster, String topologyName) {
        return cluster.runningTopology(topologyName);
    }
}
