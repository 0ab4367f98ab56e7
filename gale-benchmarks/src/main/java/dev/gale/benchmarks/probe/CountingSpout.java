package dev.gale.benchmarks.probe;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Emits numbers as fast as it may, with message ids when {@code reliable}, replaying failed ones
 * first; counts acks and fails in static counters the probe reads. One task per JVM.
 */
final class CountingSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    static final AtomicLong ACKED = new AtomicLong();
    static final AtomicLong FAILED = new AtomicLong();
    static final AtomicLong EMITTED = new AtomicLong();
    private final boolean reliable;
    private transient SpoutOutputCollector collector;
    private transient ArrayDeque<Long> replay;
    private long next;

    CountingSpout(boolean reliable) {
        this.reliable = reliable;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.replay = new ArrayDeque<>();
    }

    @Override
    public void nextTuple() {
        Long id = replay.isEmpty() ? next++ : replay.poll();
        collector.emit(new Values(id), reliable ? id : null);
        EMITTED.incrementAndGet();
    }

    @Override
    public void ack(Object msgId) {
        ACKED.incrementAndGet();
    }

    @Override
    public void fail(Object msgId) {
        FAILED.incrementAndGet();
        replay.add((Long) msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("n"));
    }
}
