package dev.gale.testing;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * Counts every tuple it gets (Storm's test bolt): emits the running count, anchored, on field
 * {@code global-count}, and acks. Confined to its executor's thread.
 */
public class TestGlobalCount extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private transient OutputCollector collector;
    private int count;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        count = 0;
    }

    @Override
    public void execute(Tuple input) {
        count++;
        collector.emit(input, new Values(count));
        collector.ack(input);
    }

    public Fields getOutputFields() {
        return new Fields("global-count");
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(getOutputFields());
    }
}
