package dev.gale.storm.it;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * Emits (id, value) for ids 0..n-1 (task i of k: i, i + k, ...), each with its id as message id,
 * and replays what fails. The value is the id's gender ("male" for even ids) or its age (id + 20).
 * Writes "O pid" when it opens, "A id" per ack and "F id" per fail.
 */
final class KeyedSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;

    private final Ledger ledger;
    private final String valueField;
    private final int n;
    private transient SpoutOutputCollector collector;
    private transient Ledger.Writer out;
    private transient ArrayDeque<Integer> todo;

    KeyedSpout(Ledger ledger, String valueField, int n) {
        this.ledger = ledger;
        this.valueField = valueField;
        this.n = n;
    }

    static Object value(String field, int id) {
        return field.equals("gender") ? (id % 2 == 0 ? "male" : "female") : Integer.valueOf(id + 20);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.out = ledger.writer(context.getThisComponentId(), context.getThisTaskId());
        out.line("O", ProcessHandle.current().pid());
        this.todo = new ArrayDeque<>();
        int k = context.getThisComponentTasks().size();
        for (int id = context.getThisTaskIndex(); id < n; id += k) {
            todo.add(id);
        }
    }

    @Override
    public void nextTuple() {
        Integer id = todo.poll();
        if (id != null) {
            collector.emit(new Values(id, value(valueField, id)), id);
        }
    }

    @Override
    public void ack(Object msgId) {
        out.line("A", msgId);
    }

    @Override
    public void fail(Object msgId) {
        out.line("F", msgId);
        todo.addFirst((Integer) msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("id", valueField));
    }
}
