package dev.gale.testing;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.Map;
import java.util.Random;

/**
 * Storm's demo spout: emits a random word out of five, untracked, every 100 ms (field "word").
 * Kept so storm-starter's ExclamationTopology ports by changing imports. Each task has its own
 * instance, used by one thread.
 */
public class TestWordSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final String[] WORDS = {"nathan", "mike", "jackson", "golda", "bertels"};

    private final boolean isDistributed;
    private transient SpoutOutputCollector collector;
    private transient Random random;

    public TestWordSpout() {
        this(true);
    }

    /** @param isDistributed accepted for compatibility; every task emits */
    public TestWordSpout(boolean isDistributed) {
        this.isDistributed = isDistributed;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.random = new Random();
    }

    @Override
    public void nextTuple() {
        Utils.sleep(100);
        collector.emit(new Values(WORDS[random.nextInt(WORDS.length)]));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word"));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return isDistributed ? null : Map.of(dev.gale.Config.TOPOLOGY_MAX_TASK_PARALLELISM, 1);
    }
}
