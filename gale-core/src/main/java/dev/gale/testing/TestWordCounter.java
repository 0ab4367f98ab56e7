package dev.gale.testing;

import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts words (Storm's test bolt): for each tuple, emits {@code [word, count so far]} on
 * fields {@code word, count}, the word being the tuple's first value. Each task counts its own
 * words; used with a fields grouping. Confined to its executor's thread.
 */
public class TestWordCounter extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private transient Map<String, Integer> counts;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        counts = new HashMap<>();
    }

    /** The word at {@code idx}; overridden by {@link TestWordBytesCounter} for byte values. */
    protected String getTupleValue(Tuple t, int idx) {
        return (String) t.getValues().get(idx);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = getTupleValue(input, 0);
        int count = counts.merge(word, 1, Integer::sum);
        collector.emit(new Values(word, count));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
