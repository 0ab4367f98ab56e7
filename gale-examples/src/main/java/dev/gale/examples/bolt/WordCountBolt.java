package dev.gale.examples.bolt;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * Keeps a running count per word (the first field of its input) and emits {@code (word, count)}
 * after each one, anchored to the input. Its input must be fields-grouped on the word, so that one
 * task holds all of a word's count. One instance per task: not thread-safe.
 */
public class WordCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = -2391503317546029043L;
    private final Map<String, Integer> seen = new HashMap<>();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = input.getString(0);
        collector.emit(new Values(word, seen.merge(word, 1, Integer::sum)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
