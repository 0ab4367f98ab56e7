package dev.gale.examples.spout;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Emits a fixed list of records once, in order, each with its index in the list as message id;
 * a record that fails is emitted again. Run one task: each task would emit the whole list.
 *
 * <p>One instance per task; not thread-safe (a spout runs on one thread).
 */
public class RecordSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private final Fields fields;
    private final List<List<Object>> records;
    private transient SpoutOutputCollector collector;
    /** Indexes of the records still to emit: the next ones, then those that failed. */
    private transient Deque<Integer> toEmit;

    /**
     * @throws IllegalArgumentException if a record has not one value per field
     */
    public RecordSpout(Fields fields, List<List<Object>> records) {
        for (List<Object> r : records) {
            if (r.size() != fields.size()) {
                throw new IllegalArgumentException("record " + r + " does not match the fields " + fields.toList());
            }
        }
        this.fields = fields;
        this.records = List.copyOf(records);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        toEmit = new ArrayDeque<>();
        for (int i = 0; i < records.size(); i++) {
            toEmit.add(i);
        }
    }

    @Override
    public void nextTuple() {
        Integer next = toEmit.poll();
        if (next != null) {
            collector.emit(new Values(records.get(next).toArray()), next);
        }
    }

    @Override
    public void fail(Object msgId) {
        toEmit.add((Integer) msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(fields);
    }
}
