package dev.gale.kafka;

import dev.gale.Config;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.Clock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseTickTupleAwareRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * Passes (key, message) on, anchored, once the tuple has been held for {@code holdMillis}: a
 * bolt that takes its time, so that at any moment the last records read are not yet written
 * and a kill always catches some. Held tuples go on when later input, a {@link MetronomeSpout}
 * beat or a tick tuple finds them old enough: without beats, a spout held back by max spout
 * pending would wait for the next whole-second tick. Reads the topology's clock. Not
 * thread-safe: its executor's thread.
 */
class HoldingBolt extends BaseTickTupleAwareRichBolt {
    private static final long serialVersionUID = 1L;

    private final long holdNanos;
    private transient OutputCollector collector;
    private transient Clock clock;
    private transient ArrayDeque<Tuple> held;
    private transient ArrayDeque<Long> heldSince;

    HoldingBolt(long holdMillis) {
        this.holdNanos = holdMillis * 1_000_000L;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.clock = context.getClock();
        this.held = new ArrayDeque<>();
        this.heldSince = new ArrayDeque<>();
    }

    @Override
    protected void process(Tuple input) {
        if (input.contains(MetronomeSpout.BEAT)) {
            collector.ack(input);
            release();
            return;
        }
        held.add(input);
        heldSince.add(clock.nanos());
        release();
    }

    @Override
    protected void onTickTuple(Tuple tick) {
        release();
    }

    private void release() {
        long now = clock.nanos();
        while (!held.isEmpty() && now - heldSince.peek() >= holdNanos) {
            Tuple t = held.poll();
            heldSince.poll();
            collector.emit(t, new Values(t.getValueByField("key"), t.getValueByField("message")));
            collector.ack(t);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("key", "message"));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    }
}
