package dev.gale.examples.spout;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Emits the name of a wind, one every {@code intervalMs} of the topology's clock (simulated time
 * included), in a field named {@code word}. With a skew of 0 every name is as likely; with a
 * higher skew the first names of {@link #NAMES} come up far more often than the last (the
 * {@code k}-th with a weight of {@code 1 / k^skew}), the load a hot key puts on one counter.
 * Each task draws from its own random sequence, seeded from the seed and its task index, so a
 * run is repeatable. Unreliable (no message ids): a lost word is just not counted.
 *
 * <p>One instance per task; not thread-safe (a spout runs on one thread).
 */
public class WindNameSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    /** The vocabulary, most likely first when skewed. */
    public static final List<String> NAMES = List.of("mistral", "sirocco", "bora", "chinook", "foehn",
            "levante", "tramontane", "harmattan", "khamsin", "zonda");

    private final long intervalMs;
    private final double skew;
    private final long seed;
    private transient SpoutOutputCollector collector;
    private transient Random random;
    private transient double[] cumulativeWeights;

    /**
     * @param intervalMs how long to wait before each name, in milliseconds
     * @param skew 0 for names equally likely; above 0 for the first names more likely
     * @param seed the base of each task's random sequence
     */
    public WindNameSpout(long intervalMs, double skew, long seed) {
        if (intervalMs < 0 || skew < 0) {
            throw new IllegalArgumentException("intervalMs and skew must not be negative, got " + intervalMs
                    + " and " + skew);
        }
        this.intervalMs = intervalMs;
        this.skew = skew;
        this.seed = seed;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.random = new Random(seed + context.getThisTaskIndex());
        cumulativeWeights = new double[NAMES.size()];
        double sum = 0;
        for (int k = 0; k < NAMES.size(); k++) {
            sum += 1 / Math.pow(k + 1, skew);
            cumulativeWeights[k] = sum;
        }
    }

    @Override
    public void nextTuple() {
        Utils.sleep(intervalMs);
        double r = random.nextDouble() * cumulativeWeights[cumulativeWeights.length - 1];
        int k = 0;
        while (k < cumulativeWeights.length - 1 && r >= cumulativeWeights[k]) {
            k++;
        }
        collector.emit(new Values(NAMES.get(k)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word"));
    }
}
