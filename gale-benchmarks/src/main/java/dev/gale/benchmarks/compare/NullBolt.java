package dev.gale.benchmarks.compare;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;

/** Counts its input into its own {@link Meter#sinkShard() shard} of the meter, acks and drops it. */
public class NullBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private transient OutputCollector collector;
    private transient MeterShard shard;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.shard = Meter.sinkShard();
        Meter.READY_TASKS.incrementAndGet(); // the idle scenario waits for every task to be ready
    }

    @Override
    public void execute(Tuple input) {
        Meter.sink(shard);
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
