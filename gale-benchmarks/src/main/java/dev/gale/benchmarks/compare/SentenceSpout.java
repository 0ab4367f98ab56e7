package dev.gale.benchmarks.compare;

import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;

/** Emits a fixed rotation of sentences (storm-starter's word-count input, without the sleep). */
public class SentenceSpout extends MeasuredSpout {
    private static final long serialVersionUID = 1L;
    private static final String[] SENTENCES = {
        "the cow jumped over the moon",
        "an apple a day keeps the doctor away",
        "four score and seven years ago",
        "snow white and the seven dwarfs",
        "i am at two with nature",
    };

    public SentenceSpout(boolean tracked) {
        super(tracked);
    }

    @Override
    protected List<Object> values(long seq) {
        return new Values(SENTENCES[(int) (seq % SENTENCES.length)]);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sentence"));
    }
}
