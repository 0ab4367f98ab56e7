package dev.gale.hooks;

import dev.gale.hooks.info.BoltAckInfo;
import dev.gale.hooks.info.BoltExecuteInfo;
import dev.gale.hooks.info.BoltFailInfo;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.hooks.info.SpoutAckInfo;
import dev.gale.hooks.info.SpoutFailInfo;
import dev.gale.task.TopologyContext;
import java.util.Map;

/** A task hook that ignores every event: extend it and override the events you need. */
public class BaseTaskHook implements ITaskHook {
    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void emit(EmitInfo info) {
    }

    @Override
    public void spoutAck(SpoutAckInfo info) {
    }

    @Override
    public void spoutFail(SpoutFailInfo info) {
    }

    @Override
    public void boltExecute(BoltExecuteInfo info) {
    }

    @Override
    public void boltAck(BoltAckInfo info) {
    }

    @Override
    public void boltFail(BoltFailInfo info) {
    }
}
