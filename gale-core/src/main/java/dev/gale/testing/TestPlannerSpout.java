package dev.gale.testing;

import dev.gale.Config;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import java.util.HashMap;
import java.util.Map;

/**
 * A spout that declares fields and emits nothing (Storm's test spout for topology shapes).
 * Not distributed, it limits itself to one task ({@code topology.max.task.parallelism} = 1).
 * Storm's sleeps 100 ms per {@code nextTuple}; Gale's executor parks an idle spout itself, so
 * this one returns at once. Stateless.
 */
public class TestPlannerSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;

    private final boolean isDistributed;
    private final Fields outFields;

    public TestPlannerSpout(Fields outFields, boolean isDistributed) {
        this.isDistributed = isDistributed;
        this.outFields = outFields;
    }

    public TestPlannerSpout(boolean isDistributed) {
        this(new Fields("field1", "field2"), isDistributed);
    }

    public TestPlannerSpout(Fields outFields) {
        this(outFields, true);
    }

    public Fields getOutputFields() {
        return outFields;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
    }

    @Override
    public void nextTuple() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(getOutputFields());
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        Map<String, Object> ret = new HashMap<>();
        if (!isDistributed) {
            ret.put(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 1);
        }
        return ret;
    }
}
