package dev.gale.benchmarks.topology;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.Map;

/** Emits the same value forever, with a message id when acking is measured. */
public class ConstSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private final boolean withIds;
    private transient SpoutOutputCollector collector;
    private transient long next;
    private transient Values value;

    public ConstSpout(boolean withIds) {
        this.withIds = withIds;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.value = new Values("some data");
    }

    @Override
    public void nextTuple() {
        if (withIds) {
            collector.emit(value, next++);
        } else {
            collector.emit(value);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("str"));
    }
}
