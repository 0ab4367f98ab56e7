package dev.gale.benchmarks.kafka;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts words (fields-grouped on "word", so each word is counted by one task) and emits
 * {@code (key=word, message="<count> <sendStamp>")} for the KafkaBolt, anchored to the word. The
 * count lives in memory only: a replayed word is counted twice, as in any at-least-once word count.
 * One instance per task, called by one thread.
 */
public class CountWords extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final Map<String, long[]> counts = new HashMap<>();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = input.getString(0);
        long count = ++counts.computeIfAbsent(word, w -> new long[1])[0];
        collector.emit(new Values(word, count + " " + input.getString(1)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("key", "message"));
    }
}
