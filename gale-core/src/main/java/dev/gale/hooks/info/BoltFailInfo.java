package dev.gale.hooks.info;

import dev.gale.hooks.ITaskHook;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.List;

/** A bolt failed an input. Mutable public fields, as in Storm; handed to the hooks of one task, on its thread. */
public class BoltFailInfo {
    public Tuple tuple;
    public int failingTaskId;
    /** Milliseconds on the topology's clock, or null when this event was not sampled. */
    public Long failLatencyMs;

    public BoltFailInfo(Tuple tuple, int failingTaskId, Long failLatencyMs) {
        this.tuple = tuple;
        this.failingTaskId = failingTaskId;
        this.failLatencyMs = failLatencyMs;
    }

    /** Tells every hook of the context of this event. */
    public void applyOn(TopologyContext topologyContext) {
        List<ITaskHook> hooks = topologyContext.getHooks();
        for (int i = 0; i < hooks.size(); i++) {
            hooks.get(i).boltFail(this);
        }
    }
}
