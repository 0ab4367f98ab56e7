package dev.gale.testing;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * Sums the latest count of each word (Storm's test bolt): reads {@code [word, count]}, emits
 * the sum over words of their latest counts, unanchored, on field {@code agg-global}, and acks.
 * Confined to its executor's thread.
 */
public class TestAggregatesCounter extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private transient OutputCollector collector;
    private transient Map<String, Integer> counts;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.counts = new HashMap<>();
    }

    @Override
    public void execute(Tuple input) {
        counts.put((String) input.getValues().get(0), (Integer) input.getValues().get(1));
        int global = 0;
        for (int c : counts.values()) {
            global += c;
        }
        collector.emit(new Values(global));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("agg-global"));
    }
}
