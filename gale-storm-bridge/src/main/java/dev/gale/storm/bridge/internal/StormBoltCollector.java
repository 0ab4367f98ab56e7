package dev.gale.storm.bridge.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.Utils;

/**
 * Storm's bolt collector, answered by Gale's: emits, acks, fails and timeout resets reach the Gale
 * tuples behind Storm's views. It overrides every method of Storm's {@code OutputCollector} instead
 * of giving it a delegate, so a one-anchor emit costs no list and one call less per tuple. An error
 * the bolt reports and a fail that follows it in the same execute (what storm-jdbc and storm-redis
 * do when a write throws) become one failure whose reason is that error, so the spout learns the
 * database's message. Not thread-safe: used on the bolt's thread.
 */
final class StormBoltCollector extends OutputCollector {
    private final dev.gale.task.OutputCollector gale;
    private Throwable reported;

    StormBoltCollector(dev.gale.task.OutputCollector gale) {
        super(null); // every method is answered here, none by a delegate
        this.gale = gale;
    }

    /** A new input is being executed: an error reported before it is not this input's reason. */
    void beginExecute() {
        reported = null;
    }

    @Override
    public List<Integer> emit(String streamId, Tuple anchor, List<Object> tuple) {
        return anchor == null ? gale.emit(streamId, tuple) : gale.emit(streamId, BridgedTuple.gale(anchor), tuple);
    }

    @Override
    public List<Integer> emit(Tuple anchor, List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, anchor, tuple);
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple) {
        return gale.emit(streamId, tuple);
    }

    @Override
    public List<Integer> emit(List<Object> tuple) {
        return gale.emit(Utils.DEFAULT_STREAM_ID, tuple);
    }

    @Override
    public List<Integer> emit(Collection<Tuple> anchors, List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, anchors, tuple);
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        if (anchors == null || anchors.isEmpty()) {
            return gale.emit(streamId, tuple);
        }
        if (anchors.size() == 1) {
            Tuple only = anchors instanceof List<Tuple> list ? list.get(0) : anchors.iterator().next();
            return gale.emit(streamId, BridgedTuple.gale(only), tuple);
        }
        return gale.emit(streamId, galeAnchors(anchors), tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Tuple anchor, List<Object> tuple) {
        if (anchor == null) {
            gale.emitDirect(taskId, streamId, tuple);
        } else {
            gale.emitDirect(taskId, streamId, BridgedTuple.gale(anchor), tuple);
        }
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple) {
        gale.emitDirect(taskId, streamId, tuple);
    }

    @Override
    public void emitDirect(int taskId, Collection<Tuple> anchors, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, anchors, tuple);
    }

    @Override
    public void emitDirect(int taskId, Tuple anchor, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, anchor, tuple);
    }

    @Override
    public void emitDirect(int taskId, List<Object> tuple) {
        gale.emitDirect(taskId, Utils.DEFAULT_STREAM_ID, tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        if (anchors == null || anchors.isEmpty()) {
            gale.emitDirect(taskId, streamId, tuple);
        } else {
            gale.emitDirect(taskId, streamId, galeAnchors(anchors), tuple);
        }
    }

    @Override
    public void ack(Tuple input) {
        gale.ack(BridgedTuple.gale(input));
    }

    @Override
    public void fail(Tuple input) {
        Throwable cause = reported;
        reported = null;
        gale.fail(BridgedTuple.gale(input), cause);
    }

    @Override
    public void resetTimeout(Tuple input) {
        gale.resetTimeout(BridgedTuple.gale(input));
    }

    @Override
    public void flush() {
        gale.flush();
    }

    @Override
    public void reportError(Throwable error) {
        reported = error;
        gale.reportError(error);
    }

    private static List<dev.gale.tuple.Tuple> galeAnchors(Collection<Tuple> anchors) {
        List<dev.gale.tuple.Tuple> galeAnchors = new ArrayList<>(anchors.size());
        for (Tuple anchor : anchors) {
            galeAnchors.add(BridgedTuple.gale(anchor));
        }
        return galeAnchors;
    }
}
