package dev.gale.hooks.info;

import dev.gale.hooks.ITaskHook;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.List;

/** A bolt's execute returned. Mutable public fields, as in Storm; handed to the hooks of one task, on its thread. */
public class BoltExecuteInfo {
    public Tuple tuple;
    public int executingTaskId;
    /** Milliseconds on the topology's clock, or null when this event was not sampled. */
    public Long executeLatencyMs;

    public BoltExecuteInfo(Tuple tuple, int executingTaskId, Long executeLatencyMs) {
        this.tuple = tuple;
        this.executingTaskId = executingTaskId;
        this.executeLatencyMs = executeLatencyMs;
    }

    /** Tells every hook of the context of this event. */
    public void applyOn(TopologyContext topologyContext) {
        List<ITaskHook> hooks = topologyContext.getHooks();
        for (int i = 0; i < hooks.size(); i++) {
            hooks.get(i).boltExecute(this);
        }
    }
}
