package dev.gale;

import dev.gale.generated.SubmitOptions;
import dev.gale.testing.TrackedTopology;
import java.util.Map;

/**
 * A local cluster that takes a {@link TrackedTopology} directly (Storm's
 * {@code ILocalClusterTrackedTopologyAware}); {@link LocalCluster} is one. Thread-safe.
 */
public interface ILocalClusterTrackedTopologyAware extends ILocalCluster {

    /** Submits the tracked topology's topology. */
    ILocalTopology submitTopology(String topologyName, Map<String, Object> conf, TrackedTopology topology);

    /** Submits the tracked topology's topology with options. */
    ILocalTopology submitTopologyWithOpts(String topologyName, Map<String, Object> conf, TrackedTopology topology,
                                          SubmitOptions submitOpts);
}
