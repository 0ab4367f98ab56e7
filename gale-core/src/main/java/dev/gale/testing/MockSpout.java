package dev.gale.testing;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Stands in for a mocked spout: emits the mocked tuples once each, tracked under their position.
 * Its declared streams come from the spout it replaces. Thread-safe through a shared registry,
 * since tasks run copies.
 */
final class MockSpout extends BaseRichSpout implements PendingInput, CompletableSpout {
    private static final long serialVersionUID = 1L;
    private static final Map<String, ConcurrentLinkedQueue<Object[]>> QUEUES = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    private transient SpoutOutputCollector collector;

    MockSpout(List<FixedTuple> tuples) {
        ConcurrentLinkedQueue<Object[]> q = new ConcurrentLinkedQueue<>();
        int position = 0;
        for (FixedTuple t : tuples) {
            q.add(new Object[] {t.stream, t.values, position++});
        }
        QUEUES.put(id, q);
    }

    void forget() {
        QUEUES.remove(id);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void nextTuple() {
        Object[] next = QUEUES.get(id).poll();
        if (next != null) {
            collector.emit((String) next[0], (List<Object>) next[1], next[2]);
        }
    }

    @Override
    public boolean hasPendingInput() {
        ConcurrentLinkedQueue<Object[]> q = QUEUES.get(id);
        return q != null && !q.isEmpty();
    }

    @Override
    public boolean isExhausted() {
        return !hasPendingInput();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Never called: the replaced spout's declarations are kept.
    }
}
