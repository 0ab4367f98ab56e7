package dev.gale.hooks;

import dev.gale.hooks.info.BoltAckInfo;
import dev.gale.hooks.info.BoltExecuteInfo;
import dev.gale.hooks.info.BoltFailInfo;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.hooks.info.SpoutAckInfo;
import dev.gale.hooks.info.SpoutFailInfo;
import dev.gale.task.TopologyContext;
import java.util.Map;

/**
 * Watches one task: told of its emits, its spout acks and fails, its bolt executes, acks and
 * fails. Registered with {@link TopologyContext#addTaskHook} (usually in open/prepare) or, by
 * class name, with {@code topology.auto.task.hooks}. Every call comes on the task's own thread,
 * so a hook need not be thread-safe; a hook that throws is reported with the task and the tuple
 * goes on.
 */
public interface ITaskHook {
    void prepare(Map<String, Object> conf, TopologyContext context);

    void cleanup();

    void emit(EmitInfo info);

    void spoutAck(SpoutAckInfo info);

    void spoutFail(SpoutFailInfo info);

    void boltExecute(BoltExecuteInfo info);

    void boltAck(BoltAckInfo info);

    void boltFail(BoltFailInfo info);
}
