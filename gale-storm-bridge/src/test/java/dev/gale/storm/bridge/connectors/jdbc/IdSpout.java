package dev.gale.storm.bridge.connectors.jdbc;

import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A Gale spout for the storm-jdbc tests: emits ("id", "value") = (id, "value-" + id) once for each
 * of the ids it is given, with the id as message id, and records which ids were acked and why each
 * failed one failed ({@link FailureAware}); a failed id is not emitted again. The records live in
 * static maps under the spout's own key, since the cluster works on its own copy of the spout.
 * Thread-safe to read while the topology runs.
 */
final class IdSpout extends BaseRichSpout implements FailureAware {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Set<Long>> ACKED = new ConcurrentHashMap<>();
    private static final Map<String, Map<Long, FailureInfo>> FAILED = new ConcurrentHashMap<>();
    private static final Map<String, List<Long>> PLAIN_FAILED = new ConcurrentHashMap<>();

    private final String key = UUID.randomUUID().toString();
    private final long[] ids;
    private transient SpoutOutputCollector collector;
    private transient int next;

    IdSpout(long... ids) {
        this.ids = ids.clone();
        ACKED.put(key, ConcurrentHashMap.newKeySet());
        FAILED.put(key, new ConcurrentHashMap<>());
        PLAIN_FAILED.put(key, new CopyOnWriteArrayList<>());
    }

    /** A spout for the ids 0..n-1. */
    static IdSpout range(int n) {
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        return new IdSpout(ids);
    }

    static String value(long id) {
        return "value-" + id;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void nextTuple() {
        if (next < ids.length) {
            long id = ids[next++];
            collector.emit(new Values(id, value(id)), id);
        }
    }

    @Override
    public void ack(Object msgId) {
        ACKED.get(key).add((Long) msgId);
    }

    @Override
    public void fail(Object msgId) {
        // Never called: the engine gives a FailureAware spout fail(msgId, info) instead.
        PLAIN_FAILED.get(key).add((Long) msgId);
    }

    @Override
    public void fail(Object msgId, FailureInfo info) {
        FAILED.get(key).put((Long) msgId, info);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("id", "value"));
    }

    Set<Long> acked() {
        return Set.copyOf(ACKED.get(key));
    }

    Map<Long, FailureInfo> failed() {
        return Map.copyOf(FAILED.get(key));
    }

    List<Long> plainFails() {
        return List.copyOf(PLAIN_FAILED.get(key));
    }

    /** How many ids have been acked or failed. */
    int done() {
        return ACKED.get(key).size() + FAILED.get(key).size();
    }
}
