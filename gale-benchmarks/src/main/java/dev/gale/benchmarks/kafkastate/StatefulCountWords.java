package dev.gale.benchmarks.kafkastate;

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
 * The count of the Kafka word count, with its counts in the topology's checkpointed state (the
 * provider the topology configures) instead of a map: emits {@code (key=word,
 * message="<count> <sendStamp>")} anchored to the word and acks it, an ack the engine holds until
 * the checkpoint that saved the count commits. One instance per task, called by one thread.
 */
public class StatefulCountWords extends BaseStatefulBolt<KeyValueState<String, Long>> {
    private static final long serialVersionUID = 1L;
    private transient KeyValueState<String, Long> counts;
    private transient OutputCollector collector;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void initState(KeyValueState<String, Long> state) {
        counts = state;
    }

    @Override
    public void execute(Tuple input) {
        String word = input.getString(0);
        long count = counts.get(word, 0L) + 1;
        counts.put(word, count);
        collector.emit(input, new Values(word, count + " " + input.getString(1)));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("key", "message"));
    }
}
