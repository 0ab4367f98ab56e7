package dev.gale.benchmarks.compare;

import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;

/**
 * Emits ("seq", "stamp") as fast as the engine lets it, acking measured as every
 * {@link MeasuredSpout}: the stamp is the emit's {@code System.nanoTime()} on the tuples whose
 * latency is sampled (one in eight, as the spout's own), 0 on the others, so that a windowed bolt
 * can time how long a tuple waited for its first window.
 */
public class StampedSpout extends MeasuredSpout {
    private static final long serialVersionUID = 1L;
    private static final Long NOT_STAMPED = 0L;

    public StampedSpout() {
        super(true);
    }

    @Override
    protected List<Object> values(long seq) {
        return new Values(seq, (seq & 7) == 0 ? Long.valueOf(System.nanoTime()) : NOT_STAMPED);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("seq", "stamp"));
    }
}
