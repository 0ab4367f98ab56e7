package dev.gale.benchmarks.soak;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * Emits each of its share of the soak's ids once, with the id as message id, and replays failed ids
 * before new ones: task i of n owns the ids congruent to i modulo n. Not thread-safe (one per task).
 */
final class ChaosSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private transient SpoutOutputCollector collector;
    private transient ArrayDeque<Integer> replay;
    private transient Ledger ledger;
    private int next;
    private int step;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.replay = new ArrayDeque<>();
        this.ledger = Ledger.current;
        this.next = context.getThisTaskIndex();
        this.step = context.getComponentTasks(context.getThisComponentId()).size();
    }

    @Override
    public void nextTuple() {
        Integer id;
        if (!replay.isEmpty()) {
            id = replay.poll();
        } else if (next < ledger.ids) {
            id = next;
            next += step;
        } else {
            return;
        }
        ledger.emitted.incrementAndGet();
        collector.emit(new Values(id), id);
    }

    @Override
    public void ack(Object msgId) {
        ledger.acked((Integer) msgId);
    }

    @Override
    public void fail(Object msgId) {
        ledger.failed.incrementAndGet();
        replay.add((Integer) msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("id"));
    }
}
