package dev.gale.benchmarks.compare;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the benchmark topologies measure, reachable from static fields so that every task copy
 * (every engine deserializes its own copy of each component) reports into the same place inside
 * the process. Spouts and sinks take a {@link MeterShard} of their own for what they count per
 * tuple, so measuring costs no locked instruction and no shared cache line on the engine's hot
 * path; the shared instruments below take what arrives in bulk (Flink's confirmations, once per
 * checkpoint) and rare events. Read by {@link TopologyRun}, which sums both. Thread-safe.
 */
public final class Meter {
    /** Longest latency recorded as itself; anything longer (a tree outliving any timeout) is recorded as this. */
    public static final long MAX_LATENCY_NANOS = TimeUnit.MINUTES.toNanos(5);
    /**
     * Complete latencies confirmed in bulk (Flink's checkpoints), in nanoseconds. Fixed range, not
     * auto-resizing: the auto-resizing recorder's histogram swap at the start of the measured
     * window took the recording path into a resize that left it ~40% slower for the rest of the
     * run (JIT deoptimised the spout's ack path), which capped the faster engine.
     */
    public static final Recorder COMPLETE_LATENCY = new Recorder(MAX_LATENCY_NANOS, 3);
    /** Records confirmed in bulk (Flink's checkpoints). */
    public static final LongAdder ACKED = new LongAdder();
    /** Trees failed at the spout (timeouts included). */
    public static final LongAdder FAILED = new LongAdder();
    /** Spout and bolt tasks of the idle scenario that have been opened or prepared. */
    public static final AtomicLong READY_TASKS = new AtomicLong();
    /** System.nanoTime() of the first ack at a spout, 0 until then. */
    public static final AtomicLong FIRST_ACK_NANOS = new AtomicLong();
    /** System.nanoTime() of the first tuple at a sink, 0 until then. */
    public static final AtomicLong FIRST_SINK_NANOS = new AtomicLong();
    /** The window scenarios: how long a stamped tuple waited from its emit for its first window, in nanoseconds. */
    public static final Recorder FIRST_WINDOW_LATENCY = new Recorder(MAX_LATENCY_NANOS, 3);
    /** The window scenarios: how many tuples the last window evaluated held. */
    private static volatile long windowTuples;
    private static final List<MeterShard> SPOUT_SHARDS = new CopyOnWriteArrayList<>();
    private static final List<MeterShard> SINK_SHARDS = new CopyOnWriteArrayList<>();

    private Meter() {
    }

    /**
     * Loads and exercises the instruments, so that initializing them (HdrHistogram's classes, the
     * recorder's first interval) happens before the clock starts and is not charged to an engine.
     */
    public static void init() {
        COMPLETE_LATENCY.recordValue(1);
        COMPLETE_LATENCY.getIntervalHistogram();
        COMPLETE_LATENCY.getIntervalHistogram();
        FIRST_WINDOW_LATENCY.recordValue(1);
        FIRST_WINDOW_LATENCY.getIntervalHistogram();
        FIRST_WINDOW_LATENCY.getIntervalHistogram();
        MeterShard warm = new MeterShard(true);
        warm.record(1);
        ACKED.sum();
    }

    /** A shard for one spout instance: acked trees and their complete latencies. */
    static MeterShard spoutShard() {
        MeterShard s = new MeterShard(true);
        SPOUT_SHARDS.add(s);
        return s;
    }

    /** A shard for one sink instance: tuples (records) that reached it; public for gale-benchmarks-flink. */
    public static MeterShard sinkShard() {
        MeterShard s = new MeterShard(false);
        SINK_SHARDS.add(s);
        return s;
    }

    /** An acked tree outside the timed sample: counted, no latency. */
    static void ackedNotTimed(MeterShard shard) {
        shard.count(FIRST_ACK_NANOS);
    }

    /** One tree acked at a spout, emitted at {@code emitNanos} (0: emit time unknown). */
    static void acked(MeterShard shard, long emitNanos, long nowNanos) {
        shard.count(FIRST_ACK_NANOS);
        if (emitNanos == 0) {
            shard.countUntimed();
        } else {
            shard.record(Math.min(MAX_LATENCY_NANOS, Math.max(0, nowNanos - emitNanos)));
        }
    }

    /** A stamped tuple was in a window for the first time, {@code nanos} after its emit. */
    static void firstWindow(long nanos) {
        FIRST_WINDOW_LATENCY.recordValue(Math.min(MAX_LATENCY_NANOS, Math.max(0, nanos)));
    }

    /** A window was evaluated holding {@code tuples}. */
    static void windowHolds(long tuples) {
        windowTuples = tuples;
    }

    /** How many tuples the last window evaluated held (0 before the first). */
    public static long windowTuples() {
        return windowTuples;
    }

    /** One tuple (record) reached a sink; public for gale-benchmarks-flink. */
    public static void sink(MeterShard shard) {
        shard.count(FIRST_SINK_NANOS);
    }

    /** Trees acked at spouts and records confirmed in bulk, so far. */
    public static long acked() {
        return ACKED.sum() + sum(SPOUT_SHARDS, MeterShard::count);
    }

    /** Acked trees whose emit time had been overwritten in the spout's ring (not in the histograms). */
    public static long untimed() {
        return sum(SPOUT_SHARDS, MeterShard::untimed);
    }

    /** Tuples (records) at sinks so far. */
    public static long sinkTuples() {
        return sum(SINK_SHARDS, MeterShard::count);
    }

    private static long sum(List<MeterShard> shards, ToLongFunction<MeterShard> counter) {
        long n = 0;
        for (MeterShard s : shards) {
            n += counter.applyAsLong(s);
        }
        return n;
    }

    /** The complete latencies recorded since the last call, from every spout and the bulk recorder. */
    public static Histogram takeLatencies() {
        Histogram all = COMPLETE_LATENCY.getIntervalHistogram();
        for (MeterShard s : SPOUT_SHARDS) {
            Histogram h = s.takeInterval();
            if (h != null) {
                all.add(h);
            }
        }
        return all;
    }
}
