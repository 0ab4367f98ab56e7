package dev.gale.benchmarks.kafka;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;

/**
 * Splits an input record's value, {@code "<sendStamp> word word ..."}, into one tuple per word,
 * each carrying the stamp so that every output record can be traced back to its input record.
 * A basic bolt: every word is anchored to the input and the input acked after. One instance per
 * task, called by one thread.
 */
public class SplitWords extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String value = input.getString(0);
        int space = value.indexOf(' ');
        if (space < 0) {
            return; // no words: nothing to count, and the input is acked
        }
        String stamp = value.substring(0, space);
        int start = space + 1;
        for (int i = start; i <= value.length(); i++) {
            if (i == value.length() || value.charAt(i) == ' ') {
                if (i > start) {
                    collector.emit(new Values(value.substring(start, i), stamp));
                }
                start = i + 1;
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "stamp"));
    }
}
