package dev.gale.benchmarks.compare;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;

/** Splits a sentence into words; a basic bolt, so every word is anchored and the input acked. */
public class SplitSentence extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String sentence = input.getString(0);
        int start = 0;
        for (int i = 0; i <= sentence.length(); i++) {
            if (i == sentence.length() || sentence.charAt(i) == ' ') {
                if (i > start) {
                    collector.emit(new Values(sentence.substring(start, i)));
                }
                start = i + 1;
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word"));
    }
}
