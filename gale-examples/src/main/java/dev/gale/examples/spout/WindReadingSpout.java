package dev.gale.examples.spout;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Time;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Emits made-up anemometer readings, one every {@code intervalMs} of the topology's clock
 * (simulated time included): {@code station}, the wind speed in whole {@code knots} (0 to 49),
 * when it was {@code measuredAt} (milliseconds of that clock) and {@code seq}, the task's sequence
 * number. A reading reaches the spout up to {@code maxDelayMs} after it was measured, so by
 * {@code measuredAt} readings arrive out of order, as from stations on slow links. Each reading
 * is emitted with its {@code seq} as message id and emitted again if it fails. Each task draws
 * from its own random sequence, seeded from the seed and its task index, so a run is repeatable.
 *
 * <p>One instance per task; not thread-safe (a spout runs on one thread).
 */
public class WindReadingSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    public static final List<String> STATIONS = List.of("lighthouse", "north-pier", "ridge", "harbour-mouth");

    private final long intervalMs;
    private final long maxDelayMs;
    private final long seed;
    private transient SpoutOutputCollector collector;
    private transient Random random;
    private transient Map<Long, Values> pending;
    private transient long seq;

    /**
     * @param intervalMs how long to wait before each reading, in milliseconds
     * @param maxDelayMs how long at most a reading takes to arrive (0: readings arrive in order)
     * @param seed the base of each task's random sequence
     */
    public WindReadingSpout(long intervalMs, long maxDelayMs, long seed) {
        if (intervalMs < 0 || maxDelayMs < 0) {
            throw new IllegalArgumentException("intervalMs and maxDelayMs must not be negative, got " + intervalMs
                    + " and " + maxDelayMs);
        }
        this.intervalMs = intervalMs;
        this.maxDelayMs = maxDelayMs;
        this.seed = seed;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.random = new Random(seed + context.getThisTaskIndex());
        this.pending = new HashMap<>();
    }

    @Override
    public void nextTuple() {
        Utils.sleep(intervalMs);
        long measuredAt = Time.currentTimeMillis() - (maxDelayMs == 0 ? 0 : random.nextLong(maxDelayMs + 1));
        Values reading = new Values(STATIONS.get(random.nextInt(STATIONS.size())), random.nextInt(50), measuredAt,
                ++seq);
        pending.put(seq, reading);
        collector.emit(reading, seq);
    }

    @Override
    public void ack(Object msgId) {
        pending.remove(msgId);
    }

    @Override
    public void fail(Object msgId) {
        Values reading = pending.get(msgId);
        if (reading != null) {
            collector.emit(reading, msgId);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("station", "knots", "measuredAt", "seq"));
    }
}
