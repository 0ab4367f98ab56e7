package dev.gale.task;

import java.util.Map;

/**
 * What a worker hook's {@code start} is given: the worker's context, plus
 * {@link #setResource} to publish objects every task can read with {@code getResource}.
 * Thread-safe.
 */
public class WorkerUserContext extends WorkerTopologyContext {

    /** @param userResources the topology's worker-level user resources, shared, thread-safe */
    public WorkerUserContext(TopologyView plan, Map<String, Object> topoConf, Map<String, Object> userResources) {
        super(plan, topoConf, userResources);
    }

    /**
     * Gale: the context a task of this topology gets, for a hook that acts for it before the tasks
     * open (e.g. reads its state).
     */
    public TopologyContext taskContext(int taskId) {
        return new TopologyContext(plan, topoConf, taskId);
    }

    /** Publishes a worker-level object under {@code name}, for every task's {@code getResource}. */
    public void setResource(String name, Object data) {
        userResources.put(name, data);
    }
}
