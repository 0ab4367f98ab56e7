package dev.gale.benchmarks.compare;

import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;
import java.util.HashMap;
import java.util.Map;

/** Counts words (fields-grouped on "word", so each word is counted by one task); the sink. */
public class WordCount extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final Map<String, long[]> counts = new HashMap<>();
    private transient MeterShard shard;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        shard = Meter.sinkShard();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        Meter.sink(shard);
        counts.computeIfAbsent(input.getString(0), w -> new long[1])[0]++;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
