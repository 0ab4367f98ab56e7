package dev.gale.benchmarks.compare;

import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;

/**
 * The stateful word count's input: {@link Sentences} in rotation, each word numbered by the
 * sentence's sequence modulo {@link #SPREAD} ("cow-17"), so the counts' state holds many keys
 * (about {@code SPREAD} times the words of the sentences) and its size per key means something.
 */
public class NumberedSentenceSpout extends MeasuredSpout {
    private static final long serialVersionUID = 1L;
    /** Numbers per word. */
    public static final int SPREAD = 4000;

    public NumberedSentenceSpout() {
        super(true);
    }

    @Override
    protected List<Object> values(long seq) {
        String suffix = "-" + (seq / Sentences.count()) % SPREAD;
        String sentence = Sentences.of(seq);
        StringBuilder b = new StringBuilder(sentence.length() + 8 * suffix.length());
        int start = 0;
        for (int i = 0; i <= sentence.length(); i++) {
            if (i == sentence.length() || sentence.charAt(i) == ' ') {
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append(sentence, start, i).append(suffix);
                start = i + 1;
            }
        }
        return new Values(b.toString());
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sentence"));
    }
}
