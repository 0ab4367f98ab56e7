package dev.gale.testing;

import dev.gale.Config;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * Storm's test word spout: every 100 ms (real time) emits one of five names, picked at random,
 * untracked, on the field "word". Unless built as distributed, it asks for one task at most.
 *
 * <p>Each task runs its own copy; not thread-safe beyond that.
 */
public class TestWordSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final String[] WORDS = {"nathan", "mike", "jackson", "golda", "bertels"};

    private final boolean isDistributed;
    private transient SpoutOutputCollector collector;
    private transient Random random;

    /** A spout with no limit on its number of tasks. */
    public TestWordSpout() {
        this(true);
    }

    /** @param isDistributed false to limit the spout to one task */
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
        if (isDistributed) {
            return null;
        }
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 1);
        return conf;
    }
}
