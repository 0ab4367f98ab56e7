package dev.gale.examples.bolt;

import dev.gale.Config;
import dev.gale.examples.tools.SlidingCounts;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.util.Map;

/**
 * Counts the {@code word} of each tuple over a sliding window of {@code windowSecs}, which moves
 * on every {@code slideSecs}: it asks for a tick tuple that often and, on each, emits
 * {@code (word, count)} for every word of the window, and a count of 0 once for a word that has
 * left it. Counts are kept per task in {@link SlidingCounts}, so a word must always reach the same
 * task (fields grouping), or its counts from several tasks be summed downstream.
 *
 * <p>One instance per task; not thread-safe (a bolt runs on one thread).
 */
public class WindowedWordCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final int windowSecs;
    private final int slideSecs;
    private transient SlidingCounts<String> counts;

    /**
     * @throws IllegalArgumentException unless {@code windowSecs} is a positive multiple of {@code slideSecs}
     */
    public WindowedWordCountBolt(int windowSecs, int slideSecs) {
        if (slideSecs < 1 || windowSecs < slideSecs || windowSecs % slideSecs != 0) {
            throw new IllegalArgumentException("the window (" + windowSecs + " s) must be a positive multiple of "
                    + "the slide (" + slideSecs + " s)");
        }
        this.windowSecs = windowSecs;
        this.slideSecs = slideSecs;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        counts = new SlidingCounts<>(windowSecs / slideSecs);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if (TupleUtils.isTick(input)) {
            counts.advance().forEach((word, count) -> collector.emit(new Values(word, count)));
        } else {
            counts.add(input.getStringByField("word"));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, slideSecs);
    }
}
