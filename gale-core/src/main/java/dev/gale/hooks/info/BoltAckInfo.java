package dev.gale.hooks.info;

import dev.gale.hooks.ITaskHook;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.List;

/** A bolt acked an input. Mutable public fields, as in Storm; handed to the hooks of one task, on its thread. */
public class BoltAckInfo {
    public Tuple tuple;
    public int ackingTaskId;
    /** Milliseconds on the topology's clock, or null when this event was not sampled. */
    public Long processLatencyMs;

    public BoltAckInfo(Tuple tuple, int ackingTaskId, Long processLatencyMs) {
        this.tuple = tuple;
        this.ackingTaskId = ackingTaskId;
        this.processLatencyMs = processLatencyMs;
    }

    /** Tells every hook of the context of this event. */
    public void applyOn(TopologyContext topologyContext) {
        List<ITaskHook> hooks = topologyContext.getHooks();
        for (int i = 0; i < hooks.size(); i++) {
            hooks.get(i).boltAck(this);
        }
    }
}
