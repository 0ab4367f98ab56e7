package dev.gale.benchmarks.compare;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import java.util.Map;

/**
 * A spout with nothing to emit, ever: the idle scenario measures what an engine costs while every
 * executor waits. Declares the same field as {@link ConstSpout}, so the same bolts can follow it.
 */
public class SilentSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        Meter.READY_TASKS.incrementAndGet();
    }

    @Override
    public void nextTuple() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("str"));
    }
}
