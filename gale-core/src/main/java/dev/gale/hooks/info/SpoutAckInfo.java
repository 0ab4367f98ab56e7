package dev.gale.hooks.info;

import dev.gale.hooks.ITaskHook;
import dev.gale.task.TopologyContext;
import java.util.List;

/** A spout tuple tree completed. Mutable public fields, as in Storm; handed to the hooks of one task, on its thread. */
public class SpoutAckInfo {
    public Object messageId;
    public int spoutTaskId;
    /** Milliseconds on the topology's clock, or null when this event was not sampled. */
    public Long completeLatencyMs;

    public SpoutAckInfo(Object messageId, int spoutTaskId, Long completeLatencyMs) {
        this.messageId = messageId;
        this.spoutTaskId = spoutTaskId;
        this.completeLatencyMs = completeLatencyMs;
    }

    /** Tells every hook of the context of this event. */
    public void applyOn(TopologyContext topologyContext) {
        List<ITaskHook> hooks = topologyContext.getHooks();
        for (int i = 0; i < hooks.size(); i++) {
            hooks.get(i).spoutAck(this);
        }
    }
}
