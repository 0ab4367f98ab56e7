package dev.gale.storm.internal;

import dev.gale.task.IOutputCollector;
import dev.gale.tuple.Tuple;
import java.util.Collection;
import java.util.List;
import org.apache.storm.task.OutputCollector;

/**
 * A Gale bolt's collector over Storm's: anchors, acks and fails go to the Storm tuples behind the
 * Gale ones. An emit without anchors uses Storm's anchorless call, so that Storm's windowed
 * collector anchors it to the window as Storm's windowed bolts expect. Not thread-safe: the
 * bolt's thread (or its timer's, under the bolt's lock), or threads of the bolt's own
 * synchronized with it, as Storm's collector asks.
 */
public final class BoltCollectorBridge implements IOutputCollector {
    private final OutputCollector storm;
    private final EmitChecks checks;

    public BoltCollectorBridge(OutputCollector storm, EmitChecks checks) {
        this.storm = storm;
        this.checks = checks;
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        return emitToStorm(streamId, anchors == null || anchors.isEmpty() ? null : TupleView.unwrap(anchors), tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        emitDirectToStorm(taskId, streamId, anchors == null || anchors.isEmpty() ? null : TupleView.unwrap(anchors), tuple);
    }

    /** An emit anchored to Storm tuples already unwrapped (null or empty: unanchored). */
    List<Integer> emitToStorm(String streamId, List<org.apache.storm.tuple.Tuple> anchors, List<Object> tuple) {
        checks.check(streamId, tuple, false);
        if (anchors == null || anchors.isEmpty()) {
            return storm.emit(streamId, tuple);
        }
        return storm.emit(streamId, anchors, tuple);
    }

    /** A direct emit anchored to Storm tuples already unwrapped (null or empty: unanchored). */
    void emitDirectToStorm(int taskId, String streamId, List<org.apache.storm.tuple.Tuple> anchors, List<Object> tuple) {
        checks.check(streamId, tuple, true);
        if (anchors == null || anchors.isEmpty()) {
            storm.emitDirect(taskId, streamId, tuple);
        } else {
            storm.emitDirect(taskId, streamId, anchors, tuple);
        }
    }

    @Override
    public void ack(Tuple input) {
        storm.ack(TupleView.unwrap(input));
    }

    @Override
    public void fail(Tuple input) {
        storm.fail(TupleView.unwrap(input));
    }

    @Override
    public void resetTimeout(Tuple input) {
        storm.resetTimeout(TupleView.unwrap(input));
    }

    @Override
    public void reportError(Throwable error) {
        storm.reportError(error);
    }

    @Override
    public void flush() {
        storm.flush();
    }
}
