package dev.gale.benchmarks.compare;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * What the benchmark topologies measure, in static fields so that every task copy (both engines
 * deserialize their own copy of each component) reports into the same place inside the process.
 * Written by spout and sink tasks; read by {@link TopologyRun}. Thread-safe.
 */
public final class Meter {
    /** Longest latency recorded as itself; anything longer (a tree outliving any timeout) is recorded as this. */
    public static final long MAX_LATENCY_NANOS = TimeUnit.MINUTES.toNanos(5);
    /**
     * Complete latencies of acked trees, in nanoseconds, from the spout's own emit timestamps.
     * Fixed range, not auto-resizing: the auto-resizing recorder's histogram swap at the start of
     * the measured window took the recording path into a resize that left it ~40% slower for the
     * rest of the run (JIT deoptimised the spout's ack path), which capped the faster engine.
     */
    public static final Recorder COMPLETE_LATENCY = new Recorder(MAX_LATENCY_NANOS, 3);
    /** Trees acked at the spout. */
    public static final LongAdder ACKED = new LongAdder();
    /** Trees failed at the spout (timeouts included). */
    public static final LongAdder FAILED = new LongAdder();
    /** Acked trees whose emit time had been overwritten in the spout's ring (not in the histogram). */
    public static final LongAdder UNTIMED = new LongAdder();
    /** Tuples executed by the last bolt of the topology. */
    public static final LongAdder SINK_TUPLES = new LongAdder();
    /** Spout and bolt tasks of the idle scenario that have been opened or prepared. */
    public static final AtomicLong READY_TASKS = new AtomicLong();
    /** System.nanoTime() of the first ack at a spout, 0 until then. */
    public static final AtomicLong FIRST_ACK_NANOS = new AtomicLong();
    /** System.nanoTime() of the first tuple at a sink, 0 until then. */
    public static final AtomicLong FIRST_SINK_NANOS = new AtomicLong();

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
        ACKED.sum();
        SINK_TUPLES.sum();
    }

    static void acked(long emitNanos, long nowNanos) {
        ACKED.increment();
        if (FIRST_ACK_NANOS.get() == 0) {
            FIRST_ACK_NANOS.compareAndSet(0, nowNanos);
        }
        if (emitNanos == 0) {
            UNTIMED.increment();
        } else {
            COMPLETE_LATENCY.recordValue(Math.min(MAX_LATENCY_NANOS, Math.max(0, nowNanos - emitNanos)));
        }
    }

    /** One tuple (record) reached a sink; public for gale-benchmarks-flink, which copies this class. */
    public static void sink() {
        SINK_TUPLES.increment();
        if (FIRST_SINK_NANOS.get() == 0) {
            FIRST_SINK_NANOS.compareAndSet(0, System.nanoTime());
        }
    }
}
