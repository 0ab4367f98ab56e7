package dev.gale.examples.flux;

import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * Counts words in checkpointed state, so the counts survive a restart from the last checkpoint:
 * each word emits {@code (word, count so far)}. The stateful bolt of
 * {@code flux/stateful-wordcount.yaml}; the state backend is the topology's
 * {@code topology.state.provider} (in memory by default). One instance per task; Gale calls it
 * from one thread.
 */
public class RunningWordCount extends BaseStatefulBolt<KeyValueState<String, Long>> {
    private static final long serialVersionUID = 1L;
    private transient KeyValueState<String, Long> counts;
    private transient OutputCollector collector;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void initState(KeyValueState<String, Long> state) {
        counts = state;
    }

    @Override
    public void execute(Tuple input) {
        String word = input.getStringByField("word");
        long count = counts.get(word, 0L) + 1;
        counts.put(word, count);
        collector.emit(input, new Values(word, count));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
