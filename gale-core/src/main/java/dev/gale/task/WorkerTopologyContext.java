package dev.gale.task;

import dev.gale.impl.topology.TopologyPlan;
import java.util.List;
import java.util.Map;

/**
 * Context of the process running the tasks. In an embedded engine every task of the topology
 * runs in this process. Immutable and thread-safe.
 */
public class WorkerTopologyContext extends GeneralTopologyContext {

    public WorkerTopologyContext(TopologyPlan plan, Map<String, Object> topoConf) {
        super(plan, topoConf);
    }

    /** Every task of the topology (all run in this JVM). */
    public List<Integer> getThisWorkerTasks() {
        return plan.allTasks();
    }
}
