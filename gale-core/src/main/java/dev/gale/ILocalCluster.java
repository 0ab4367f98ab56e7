package dev.gale;

import dev.gale.generated.ClusterSummary;
import dev.gale.generated.GetInfoOptions;
import dev.gale.generated.KillOptions;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInfo;
import dev.gale.generated.TopologySummary;
import java.util.List;
import java.util.Map;

/**
 * Storm's interface of a cluster running in this JVM ({@code org.apache.storm.ILocalCluster}),
 * implemented by {@link LocalCluster}, so code and tests written against it port unchanged. The
 * methods of Storm's interface about credentials, rebalancing, ZooKeeper cluster state and
 * topology configuration have no meaning in Gale's single-JVM engine and are left out; the summaries
 * are read from the cluster's stats (see {@link dev.gale.daemon.nimbus.Nimbus}).
 *
 * <p>Implementations are thread-safe.
 */
public interface ILocalCluster extends AutoCloseable {

    /** Submits a topology; closing the result kills it. */
    ILocalTopology submitTopology(String topologyName, Map<String, Object> conf, StormTopology topology);

    /** Submits a topology with options (its initial status). */
    ILocalTopology submitTopologyWithOpts(String topologyName, Map<String, Object> conf, StormTopology topology,
                                          SubmitOptions submitOpts);

    void killTopology(String topologyName);

    void killTopologyWithOpts(String topologyName, KillOptions options);

    void activate(String topologyName);

    void deactivate(String topologyName);

    /**
     * Shuts the cluster down.
     *
     * @deprecated use {@link #close()} instead.
     */
    @Deprecated
    void shutdown();

    /** The topology submitted under this name (Gale's topology ids are their names). */
    StormTopology getTopology(String id);

    /** Advances simulated time by {@code secs} seconds, one second at a time. */
    void advanceClusterTime(int secs) throws InterruptedException;

    /** Advances simulated time by {@code secs} seconds, {@code steps} seconds at a time. */
    void advanceClusterTime(int secs, int steps) throws InterruptedException;

    /** The id of a tracked cluster, or null. */
    String getTrackedId();

    /** The cluster, its topologies and Nimbus, as Storm's {@code Nimbus.getClusterInfo()} describes them. */
    ClusterSummary getClusterInfo();

    List<TopologySummary> getTopologySummaries();

    TopologySummary getTopologySummaryByName(String name);

    /** The summary of topology {@code id} (Gale's topology ids are their names). */
    TopologySummary getTopologySummary(String id);

    /** A running topology's executors with their counts, status and latest errors. */
    TopologyInfo getTopologyInfo(String id);

    TopologyInfo getTopologyInfoByName(String name);

    TopologyInfo getTopologyInfoWithOpts(String id, GetInfoOptions options);

    TopologyInfo getTopologyInfoByNameWithOpts(String name, GetInfoOptions options);

    /** Closing it kills the topology. */
    interface ILocalTopology extends AutoCloseable {
    }
}
