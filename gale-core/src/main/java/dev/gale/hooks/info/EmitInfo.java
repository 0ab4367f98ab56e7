package dev.gale.hooks.info;

import dev.gale.hooks.ITaskHook;
import dev.gale.task.TopologyContext;
import java.util.Collection;
import java.util.List;

/** A task emitted a tuple. Mutable public fields, as in Storm; handed to the hooks of one task, on its thread. */
public class EmitInfo {
    public List<Object> values;
    public String stream;
    public int taskId;
    public Collection<Integer> outTasks;

    public EmitInfo(List<Object> values, String stream, int taskId, Collection<Integer> outTasks) {
        this.values = values;
        this.stream = stream;
        this.taskId = taskId;
        this.outTasks = outTasks;
    }

    /** Tells every hook of the context of this event. */
    public void applyOn(TopologyContext topologyContext) {
        List<ITaskHook> hooks = topologyContext.getHooks();
        for (int i = 0; i < hooks.size(); i++) {
            hooks.get(i).emit(this);
        }
    }
}
