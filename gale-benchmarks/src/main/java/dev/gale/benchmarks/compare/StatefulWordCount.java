package dev.gale.benchmarks.compare;

import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * Counts words in a checkpointed {@link KeyValueState} (fields-grouped on "word"); the sink. Acks
 * each word, which the engine holds until the checkpoint that saves its count commits. Times its
 * checkpoints ({@link StateMeter}).
 */
public class StatefulWordCount extends BaseStatefulBolt<KeyValueState<String, Long>> {
    private static final long serialVersionUID = 1L;
    private transient KeyValueState<String, Long> counts;
    private transient OutputCollector collector;
    private transient MeterShard shard;
    private transient long prepareNanos;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.shard = Meter.sinkShard();
    }

    @Override
    public void initState(KeyValueState<String, Long> state) {
        this.counts = state;
    }

    @Override
    public void execute(Tuple input) {
        String word = input.getString(0);
        Long c = counts.get(word);
        if (c == null) {
            StateMeter.KEYS.increment();
            c = 0L;
        }
        counts.put(word, c + 1);
        Meter.sink(shard);
        collector.ack(input);
    }

    @Override
    public void prePrepare(long txid) {
        prepareNanos = System.nanoTime();
    }

    @Override
    public void preCommit(long txid) {
        if (prepareNanos != 0) {
            StateMeter.checkpoint(System.nanoTime() - prepareNanos);
            prepareNanos = 0;
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
