package dev.gale.task;

import dev.gale.tuple.Tuple;
import dev.gale.utils.Utils;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * How a bolt emits, acks and fails. Emits anchored to inputs join those inputs' tuple trees, so
 * the spout tuples are complete only once the new tuples are acked too.
 *
 * <p>Not thread-safe: use it on the bolt's own thread.
 */
public class OutputCollector implements IOutputCollector {
    private final IOutputCollector delegate;

    public OutputCollector(IOutputCollector delegate) {
        this.delegate = delegate;
    }

    public List<Integer> emit(String streamId, Tuple anchor, List<Object> tuple) {
        return emit(streamId, anchor == null ? Collections.emptyList() : Collections.singletonList(anchor), tuple);
    }

    public List<Integer> emit(Tuple anchor, List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, anchor, tuple);
    }

    public List<Integer> emit(String streamId, List<Object> tuple) {
        return emit(streamId, (Tuple) null, tuple);
    }

    public List<Integer> emit(List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, tuple);
    }

    public List<Integer> emit(Collection<Tuple> anchors, List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, anchors, tuple);
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        return delegate.emit(streamId, anchors, tuple);
    }

    public void emitDirect(int taskId, String streamId, Tuple anchor, List<Object> tuple) {
        emitDirect(taskId, streamId, anchor == null ? Collections.emptyList() : Collections.singletonList(anchor), tuple);
    }

    public void emitDirect(int taskId, Tuple anchor, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, anchor, tuple);
    }

    public void emitDirect(int taskId, String streamId, List<Object> tuple) {
        emitDirect(taskId, streamId, (Tuple) null, tuple);
    }

    public void emitDirect(int taskId, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, tuple);
    }

    public void emitDirect(int taskId, Collection<Tuple> anchors, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, anchors, tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        delegate.emitDirect(taskId, streamId, anchors, tuple);
    }

    @Override
    public void ack(Tuple input) {
        delegate.ack(input);
    }

    @Override
    public void fail(Tuple input) {
        delegate.fail(input);
    }

    /** Fails {@code input} with {@code cause} as the failure's reason (a Gale addition). */
    @Override
    public void fail(Tuple input, Throwable cause) {
        delegate.fail(input, cause);
    }

    @Override
    public void resetTimeout(Tuple input) {
        delegate.resetTimeout(input);
    }

    @Override
    public void reportError(Throwable error) {
        delegate.reportError(error);
    }

    @Override
    public void flush() {
        delegate.flush();
    }
}
