package dev.gale.impl.testkit;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import java.util.Map;

/**
 * Stands for a source component that the testing kits only name (the source of a test tuple, a
 * bolt's input in {@code BoltTester}); it never runs. Stateless.
 */
public final class PlaceholderSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
    }

    @Override
    public void nextTuple() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
