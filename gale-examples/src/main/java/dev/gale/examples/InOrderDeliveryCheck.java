package dev.gale.examples;

import dev.gale.generated.StormTopology;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks a delivery guarantee while it runs: between one task of a spout and one task of a bolt,
 * tuples arrive in the order they were emitted. Each "sequence" task emits its own numbers 0, 1,
 * 2, ... as fast as it can, tagged with its task index; a fields grouping on that tag sends all of
 * one task's numbers to the same "check" task, which fails any number that is not the one after
 * the last it saw from that task. A run with no failed tuples is a run in which order held.
 *
 * <p>Run it with {@code gale run in-order-delivery}.
 */
public final class InOrderDeliveryCheck {
    private InOrderDeliveryCheck() {
    }

    /** Emits (its task index, the next number) without pause, each with a message id. One per task. */
    public static class SequenceSpout extends BaseRichSpout {
        private static final long serialVersionUID = -5090398134302185412L;
        private transient SpoutOutputCollector collector;
        private transient int source;
        private transient long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.source = context.getThisTaskIndex();
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values(source, next), next);
            next++;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("source", "number"));
        }
    }

    /** Fails a number that does not follow the last one seen from its source. One per task. */
    public static class OrderCheckBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 2242508817404806529L;
        private final Map<Integer, Long> expected = new HashMap<>();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            int source = input.getIntegerByField("source");
            long number = input.getLongByField("number");
            long want = expected.getOrDefault(source, 0L);
            if (number != want) {
                throw new FailedException("out of order from sequence task " + source + ": got " + number
                        + ", expected " + want);
            }
            expected.put(source, number + 1);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            // checks only
        }
    }

    /** Used by {@code gale run in-order-delivery}: "sequence" (4 tasks) -> "check" (3, fields-grouped on the source). */
    public static StormTopology createTopology(Map<String, Object> conf) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sequence", new SequenceSpout(), 4);
        builder.setBolt("check", new OrderCheckBolt(), 3).fieldsGrouping("sequence", new Fields("source"));
        return builder.createTopology();
    }
}
