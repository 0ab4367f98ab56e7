package dev.gale.storm.it;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.Clock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A replaying spout over a durable source: ids 0..n-1 (task i of k owns i, i + k, ...), one every
 * {@code intervalMs} of the topology's clock, each with its id as message id; a failed id is
 * emitted again. What was acked is kept in the ledger ("A id", written in {@code ack}), as a Kafka
 * spout keeps committed offsets: a task that starts again (its worker was killed) emits only the
 * ids not acked yet. Writes "O pid" when it opens and "F id" per fail. Never emits an id while it
 * is pending, so an id acked twice would be Storm's (or the adapter's) doing.
 */
final class DurableSequenceSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;

    private final Ledger ledger;
    private final int n;
    private final long intervalMs;
    private transient SpoutOutputCollector collector;
    private transient Ledger.Writer out;
    private transient ArrayDeque<Integer> todo;
    private transient Set<Integer> pending;
    private transient Clock clock;
    private transient long nextAt;

    DurableSequenceSpout(Ledger ledger, int n, long intervalMs) {
        this.ledger = ledger;
        this.n = n;
        this.intervalMs = intervalMs;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.clock = context.getClock();
        this.out = ledger.writer(context.getThisComponentId(), context.getThisTaskId());
        Set<Long> acked = new HashSet<>();
        for (Ledger.Line l : ledger.lines(context.getThisComponentId(), "A")) {
            acked.add(l.number(1));
        }
        out.line("O", ProcessHandle.current().pid(), acked.size());
        this.todo = new ArrayDeque<>();
        this.pending = new HashSet<>();
        int k = context.getThisComponentTasks().size();
        for (int id = context.getThisTaskIndex(); id < n; id += k) {
            if (!acked.contains((long) id)) {
                todo.add(id);
            }
        }
        this.nextAt = clock.millis();
    }

    @Override
    public void nextTuple() {
        long now = clock.millis();
        if (now < nextAt || todo.isEmpty()) {
            return;
        }
        nextAt = Math.max(nextAt + intervalMs, now - intervalMs);
        Integer id = todo.poll();
        if (pending.add(id)) {
            collector.emit(new Values(id), id);
        }
    }

    @Override
    public void ack(Object msgId) {
        pending.remove(msgId);
        out.line("A", msgId);
    }

    @Override
    public void fail(Object msgId) {
        pending.remove(msgId);
        out.line("F", msgId);
        todo.addFirst((Integer) msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("id"));
    }
}
