package dev.gale.benchmarks.compare;

import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;

/** Emits {@link Sentences} in rotation (storm-starter's word-count input, without the sleep). */
public class SentenceSpout extends MeasuredSpout {
    private static final long serialVersionUID = 1L;

    public SentenceSpout(boolean tracked) {
        super(tracked);
    }

    @Override
    protected List<Object> values(long seq) {
        return new Values(Sentences.of(seq));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sentence"));
    }
}
