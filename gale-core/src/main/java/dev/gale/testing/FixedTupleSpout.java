package dev.gale.testing;

import dev.gale.spout.PendingInput;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Emits a fixed list of tuples once each, tracked, and counts how many were acked and failed
 * (Storm's {@code FixedTupleSpout}); the spout both testing kits' {@code completeTopology} put in
 * place of a mocked spout. With several tasks, task {@code i} of {@code n} emits tuples
 * {@code i, i+n, ...}. A tuple's message id is its position in the list (Storm draws a random
 * one), so a test can tell which were acked. It is exhausted once every tuple has been acked or
 * failed.
 *
 * <p>The counts are shared by every copy of one spout (tasks run copies) through a static map
 * keyed by the spout's id; {@link #cleanup()} or {@link #clear(String)} removes them.
 * Thread-safe.
 */
public class FixedTupleSpout implements IRichSpout, CompletableSpout, PendingInput {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Integer> ACKED = new HashMap<>();
    private static final Map<String, Integer> FAILED = new HashMap<>();

    private final String id = UUID.randomUUID().toString();
    private final List<FixedTuple> tuples = new ArrayList<>();
    private final Fields fields;
    private transient SpoutOutputCollector collector;
    /** The positions of the tuples this task has still to emit. */
    private transient volatile ConcurrentLinkedQueue<Integer> serveTuples;

    /** Tuples given as {@link FixedTuple}s or as value lists (on the default stream). */
    @SuppressWarnings("rawtypes")
    public FixedTupleSpout(List tuples) {
        this(tuples, (Fields) null);
    }

    /** Same, declaring {@code fields} on the default stream (null: declares nothing). */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public FixedTupleSpout(List tuples, Fields fields) {
        for (Object o : tuples) {
            this.tuples.add(o instanceof FixedTuple ? (FixedTuple) o : new FixedTuple((List<Object>) o));
        }
        this.fields = fields;
        synchronized (ACKED) {
            ACKED.put(id, 0);
            FAILED.put(id, 0);
        }
    }

    /** Acks counted for the spout with this id. */
    public static int getNumAcked(String stormId) {
        synchronized (ACKED) {
            return ACKED.getOrDefault(stormId, 0);
        }
    }

    /** Fails counted for the spout with this id. */
    public static int getNumFailed(String stormId) {
        synchronized (ACKED) {
            return FAILED.getOrDefault(stormId, 0);
        }
    }

    /** Forgets the counts of the spout with this id. */
    public static void clear(String stormId) {
        synchronized (ACKED) {
            ACKED.remove(stormId);
            FAILED.remove(stormId);
        }
    }

    /** Gale only: the id the counts are kept under. */
    public String getId() {
        return id;
    }

    public List<FixedTuple> getSourceTuples() {
        return tuples;
    }

    /** Tuples acked or failed so far, over every task. */
    public int getCompleted() {
        synchronized (ACKED) {
            return ACKED.getOrDefault(id, 0) + FAILED.getOrDefault(id, 0);
        }
    }

    /** Forgets this spout's counts. */
    public void cleanup() {
        clear(id);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        List<Integer> tasks = context.getComponentTasks(context.getThisComponentId());
        int index = Math.max(0, tasks.indexOf(context.getThisTaskId()));
        ConcurrentLinkedQueue<Integer> mine = new ConcurrentLinkedQueue<>();
        for (int i = index; i < tuples.size(); i += tasks.size()) {
            mine.add(i);
        }
        this.serveTuples = mine;
    }

    @Override
    public void close() {
    }

    @Override
    public void activate() {
    }

    @Override
    public void deactivate() {
    }

    @Override
    public void nextTuple() {
        Integer position = serveTuples.poll();
        if (position != null) {
            FixedTuple next = tuples.get(position);
            collector.emit(next.stream, next.values, position);
        }
    }

    @Override
    public void ack(Object msgId) {
        synchronized (ACKED) {
            ACKED.merge(id, 1, Integer::sum);
        }
    }

    @Override
    public void fail(Object msgId) {
        synchronized (ACKED) {
            FAILED.merge(id, 1, Integer::sum);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        if (fields != null) {
            declarer.declare(fields);
        }
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }

    @Override
    public boolean isExhausted() {
        return getCompleted() == tuples.size();
    }

    @Override
    public boolean hasPendingInput() {
        ConcurrentLinkedQueue<Integer> q = serveTuples;
        return q != null && !q.isEmpty();
    }
}
