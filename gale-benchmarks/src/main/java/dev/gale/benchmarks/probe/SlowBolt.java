package dev.gale.benchmarks.probe;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/** Takes a fixed wall-clock time per tuple (sleeping, so it costs no CPU), then acks it. Not thread-safe. */
final class SlowBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private final long nanosPerTuple;
    private transient OutputCollector collector;

    SlowBolt(long nanosPerTuple) {
        this.nanosPerTuple = nanosPerTuple;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple input) {
        long end = System.nanoTime() + nanosPerTuple;
        for (long left = nanosPerTuple; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
