package dev.gale.storm.internal;

import dev.gale.task.OutputCollector;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.tuple.Tuple;
import java.util.Collections;
import java.util.List;

/**
 * A basic bolt's {@link BasicOutputCollector} on Storm: every emit is anchored to the input being
 * executed, through one list of its Storm tuple made at the input's first emit and given to
 * Storm for each of its emits (Storm reads anchors during the emit and keeps none), instead of
 * two lists per emit (Gale's anchor list, then the bridge's list of Storm tuples). Not thread-safe:
 * the bolt's thread, during {@code execute}, as Gale's.
 */
final class StormBasicCollector extends BasicOutputCollector {
    private final BoltCollectorBridge bridge;
    /** The Storm tuple behind the input being executed, or null. */
    private org.apache.storm.tuple.Tuple input;
    /** A list of {@link #input}, made at its first emit; null until then. */
    private List<org.apache.storm.tuple.Tuple> anchors;

    StormBasicCollector(OutputCollector out, BoltCollectorBridge bridge) {
        super(out);
        this.bridge = bridge;
    }

    @Override
    public void setContext(Tuple inputTuple) {
        super.setContext(inputTuple);
        input = inputTuple == null ? null : TupleView.unwrap(inputTuple);
        anchors = null;
    }

    private List<org.apache.storm.tuple.Tuple> anchors() {
        if (anchors == null && input != null) {
            anchors = Collections.singletonList(input);
        }
        return anchors;
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple) {
        return bridge.emitToStorm(streamId, anchors(), tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple) {
        bridge.emitDirectToStorm(taskId, streamId, anchors(), tuple);
    }
}
