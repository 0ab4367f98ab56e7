package dev.gale.benchmarks.soak;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Misbehaves on purpose, per tuple: throws (1%), fails it (2%), never acks it (2%), and otherwise
 * acks it, after emitting two children anchored to it when it has a downstream stage. Not
 * thread-safe (one per task).
 */
final class ChaosBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private final boolean emitsChildren;
    private final long seed;
    private transient OutputCollector collector;
    private transient SplittableRandom random;

    ChaosBolt(boolean emitsChildren, long seed) {
        this.emitsChildren = emitsChildren;
        this.seed = seed;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.random = new SplittableRandom(seed * 31 + context.getThisTaskId());
    }

    @Override
    public void execute(Tuple input) {
        int r = random.nextInt(100);
        if (r < 1) {
            throw new IllegalStateException("chaos: thrown on purpose");
        }
        if (r < 3) {
            collector.fail(input);
            return;
        }
        if (r < 5) {
            return; // dropped: the tree times out
        }
        if (emitsChildren) {
            int id = input.getInteger(0);
            collector.emit(input, new Values(id, 2 * id));
            collector.emit(input, new Values(id, 2 * id + 1));
        }
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        if (emitsChildren) {
            declarer.declare(new Fields("id", "child"));
        }
    }
}
