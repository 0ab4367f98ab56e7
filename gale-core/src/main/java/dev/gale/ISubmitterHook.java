package dev.gale;

import dev.gale.generated.StormTopology;
import dev.gale.generated.TopologyInfo;
import java.util.Map;

/**
 * Told of every topology {@link StormSubmitter} has submitted, for tools that record deployments
 * (a catalogue, an audit log). Named by class in
 * {@link Config#STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN} of the submitted configuration; a new
 * instance (public no-argument constructor) is made for each submit and called once, on the
 * submitting thread, after the topology has started. Implementations need not be thread-safe.
 */
public interface ISubmitterHook {

    /**
     * @param topologyInfo what the cluster says of the topology just started
     * @param topoConf     the configuration it was submitted with
     * @param topology     the topology submitted
     * @throws IllegalAccessException as Storm declares it; any exception thrown here reaches the
     *     submitter wrapped in a {@link dev.gale.hooks.SubmitterHookException}
     */
    void notify(TopologyInfo topologyInfo, Map<String, Object> topoConf, StormTopology topology)
            throws IllegalAccessException;
}
