package dev.gale.storm.bridge.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.tuple.Tuple;

/**
 * Storm's bolt collector over Gale's: emits, acks, fails and timeout resets reach the Gale tuples
 * behind Storm's views. An error the bolt reports and a fail that follows it in the same execute
 * (what storm-jdbc and storm-redis do when a write throws) become one failure whose reason is that
 * error, so the spout learns the database's message. Not thread-safe: used on the bolt's thread.
 */
final class StormBoltCollector implements IOutputCollector {
    private final dev.gale.task.OutputCollector gale;
    private Throwable reported;

    StormBoltCollector(dev.gale.task.OutputCollector gale) {
        this.gale = gale;
    }

    /** A new input is being executed: an error reported before it is not this input's reason. */
    void beginExecute() {
        reported = null;
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        if (anchors == null || anchors.isEmpty()) {
            return gale.emit(streamId, tuple);
        }
        if (anchors.size() == 1) {
            Iterator<Tuple> only = anchors.iterator();
            return gale.emit(streamId, BridgedTuple.gale(only.next()), tuple);
        }
        return gale.emit(streamId, galeAnchors(anchors), tuple);
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
