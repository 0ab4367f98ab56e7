package dev.gale.state;

import dev.gale.Config;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.task.TopologyContext;
import java.util.Map;

/**
 * Gale addition: the namespaces under which the framework keeps a topology's state in the
 * configured {@link StateProvider}: {@code "<topology>/<component>/<task index>"}, then
 * {@code "/<part>"} for a task's further states (a windowed bolt's windows, a checkpointed spout's
 * position). The task index (0 to the component's parallelism - 1) stays the same when the acker
 * count or another component's parallelism changes, unlike the task id, which numbers every task of
 * the topology; the topology name keeps two topologies on one store apart. Stateless; thread-safe.
 */
public final class StateNamespaces {
    private StateNamespaces() {
    }

    /** The namespace of the task {@code context} is for. */
    public static String of(TopologyContext context) {
        return of(topologyName(context.getConf(), context), context.getThisComponentId(), context.getThisTaskIndex());
    }

    /** The namespace of the task's state {@code part}. */
    public static String of(TopologyContext context, String part) {
        return of(context) + "/" + part;
    }

    /** The namespace of task {@code taskIndex} of {@code component} in {@code topology}. */
    public static String of(String topology, String component, int taskIndex) {
        return topology + "/" + component + "/" + taskIndex;
    }

    /**
     * The topology's name: {@code topology.name} as submitted (on a Storm cluster the context's id
     * carries a counter and a time that change with every submit), else the context's.
     */
    public static String topologyName(Map<String, Object> conf, GeneralTopologyContext context) {
        Object name = conf == null ? null : conf.get(Config.TOPOLOGY_NAME);
        return name instanceof String && !((String) name).isBlank() ? (String) name : context.getStormId();
    }
}
