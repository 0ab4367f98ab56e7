package dev.gale.hooks.info;

import dev.gale.hooks.ITaskHook;
import dev.gale.task.TopologyContext;
import java.util.List;

/** A spout tuple tree failed or timed out. Mutable public fields, as in Storm; handed to the hooks of one task, on its thread. */
public class SpoutFailInfo {
    public Object messageId;
    public int spoutTaskId;
    /** Milliseconds on the topology's clock, or null when this event was not sampled. */
    public Long failLatencyMs;

    public SpoutFailInfo(Object messageId, int spoutTaskId, Long failLatencyMs) {
        this.messageId = messageId;
        this.spoutTaskId = spoutTaskId;
        this.failLatencyMs = failLatencyMs;
    }

    /** Tells every hook of the context of this event. */
    public void applyOn(TopologyContext topologyContext) {
        List<ITaskHook> hooks = topologyContext.getHooks();
        for (int i = 0; i < hooks.size(); i++) {
            hooks.get(i).spoutFail(this);
        }
    }
}
