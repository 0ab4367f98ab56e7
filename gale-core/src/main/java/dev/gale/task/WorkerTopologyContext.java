package dev.gale.task;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Context of the process running the tasks. In an embedded engine every task of the topology
 * runs in this process, so there is one worker and its user resources (set by worker hooks, see
 * {@link WorkerUserContext}) are shared by every task. Thread-safe.
 */
public class WorkerTopologyContext extends GeneralTopologyContext {
    /** Shared by every context of the running topology; synchronized, as hooks and tasks run on different threads. */
    protected final Map<String, Object> userResources;

    public WorkerTopologyContext(TopologyView plan, Map<String, Object> topoConf) {
        this(plan, topoConf, Collections.synchronizedMap(new HashMap<>()));
    }

    /** @param userResources the topology's worker-level user resources, shared, thread-safe */
    public WorkerTopologyContext(TopologyView plan, Map<String, Object> topoConf, Map<String, Object> userResources) {
        super(plan, topoConf);
        this.userResources = userResources;
    }

    /** Every task of the topology (all run in this JVM). */
    public List<Integer> getThisWorkerTasks() {
        return plan.allTasks();
    }

    /**
     * A worker-level object a worker hook published in its {@code start} with
     * {@link WorkerUserContext#setResource}, or null.
     */
    public Object getResource(String name) {
        return userResources.get(name);
    }
}
