package dev.gale.generated;

import java.util.List;

/**
 * Storm's Nimbus service, in the shape code calls it: {@link Iface}. Gale runs topologies in this
 * JVM, so its Nimbus is a view of a {@code LocalCluster} ({@code LocalCluster.getNimbus()},
 * {@code NimbusClient.getClient()}), answering from the cluster's live stats; the methods of
 * Storm's service about jars, blobs, credentials, logs, profiling and scheduling are left out.
 */
public final class Nimbus {
    private Nimbus() {
    }

    /** The calls of Storm's Nimbus that make sense in one JVM. Implementations are thread-safe. */
    public interface Iface {
        void killTopology(String name) throws NotAliveException, AuthorizationException;

        void killTopologyWithOpts(String name, KillOptions options) throws NotAliveException, AuthorizationException;

        void activate(String name) throws NotAliveException, AuthorizationException;

        void deactivate(String name) throws NotAliveException, AuthorizationException;

        ClusterSummary getClusterInfo() throws AuthorizationException;

        List<TopologySummary> getTopologySummaries() throws AuthorizationException;

        TopologySummary getTopologySummaryByName(String name) throws NotAliveException, AuthorizationException;

        TopologySummary getTopologySummary(String id) throws NotAliveException, AuthorizationException;

        NimbusSummary getLeader() throws AuthorizationException;

        boolean isTopologyNameAllowed(String name) throws AuthorizationException;

        TopologyInfo getTopologyInfoByName(String name) throws NotAliveException, AuthorizationException;

        TopologyInfo getTopologyInfo(String id) throws NotAliveException, AuthorizationException;

        TopologyInfo getTopologyInfoByNameWithOpts(String name, GetInfoOptions options)
                throws NotAliveException, AuthorizationException;

        TopologyInfo getTopologyInfoWithOpts(String id, GetInfoOptions options)
                throws NotAliveException, AuthorizationException;

        /** The topology as submitted (Gale adds no system components to it). */
        StormTopology getTopology(String id) throws NotAliveException, AuthorizationException;

        /** The topology as submitted. */
        StormTopology getUserTopology(String id) throws NotAliveException, AuthorizationException;
    }
}
