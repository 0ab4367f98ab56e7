package dev.gale.storm.internal;

import dev.gale.task.OutputCollector;
import dev.gale.tuple.Tuple;
import java.util.Collections;
import java.util.List;

/**
 * A rich bolt's {@link OutputCollector} on Storm: an emit with one anchor goes to Storm with a
 * list of the Storm tuple behind it, made once per emit, instead of a list of the Gale tuple that
 * the bridge would turn into a second list. Everything else goes through the bridge as it is.
 * Keeps no state between calls, so it is as thread-safe as Storm's collector behind it: emits from
 * threads of the bolt's own are anchored as on the task's thread, and must be synchronized with
 * each other and with {@code execute}'s, as Storm asks.
 */
final class StormOutputCollector extends OutputCollector {
    private final BoltCollectorBridge bridge;

    StormOutputCollector(BoltCollectorBridge bridge) {
        super(bridge);
        this.bridge = bridge;
    }

    @Override
    public List<Integer> emit(String streamId, Tuple anchor, List<Object> tuple) {
        return bridge.emitToStorm(streamId, anchor == null ? null : Collections.singletonList(TupleView.unwrap(anchor)), tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Tuple anchor, List<Object> tuple) {
        bridge.emitDirectToStorm(taskId, streamId, anchor == null ? null : Collections.singletonList(TupleView.unwrap(anchor)),
                tuple);
    }
}
