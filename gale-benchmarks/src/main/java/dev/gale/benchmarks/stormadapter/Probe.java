package dev.gale.benchmarks.stormadapter;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one side of {@link AdapterOverhead} measures at its spouts: acked and failed trees and the
 * complete latency of one tree in eight (the spout's ring, as in
 * {@link dev.gale.benchmarks.compare.MeasuredSpout}). One probe per side, reached from static
 * fields, so that a task of the other side still shutting down cannot count into a run.
 * Thread-safe.
 */
final class Probe {
    /** Trees whose sequence number has these bits all 0 are timed. */
    static final long TIMED_MASK = 7;
    static final int RING = 1 << 16;
    private static final long MAX_LATENCY_NANOS = TimeUnit.MINUTES.toNanos(5);
    // After the constant above, which the constructor reads.
    static final Probe GALE = new Probe();
    static final Probe STORM = new Probe();

    private final LongAdder acked = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final Recorder latency = new Recorder(MAX_LATENCY_NANOS, 3);

    private Probe() {
    }

    static Probe of(boolean gale) {
        return gale ? GALE : STORM;
    }

    void acked(long emitNanos) {
        acked.increment();
        if (emitNanos != 0) {
            latency.recordValue(Math.min(MAX_LATENCY_NANOS, Math.max(0, System.nanoTime() - emitNanos)));
        }
    }

    void failed() {
        failed.increment();
    }

    long acked() {
        return acked.sum();
    }

    long failedSoFar() {
        return failed.sum();
    }

    /** The latencies recorded since the last call. */
    Histogram takeLatencies() {
        return latency.getIntervalHistogram();
    }

    /** storm-starter's sentences in rotation, the input of both sides. */
    static String sentence(long seq) {
        return SENTENCES[(int) (seq % SENTENCES.length)];
    }

    private static final String[] SENTENCES = {
        "the cow jumped over the moon",
        "an apple a day keeps the doctor away",
        "four score and seven years ago",
        "snow white and the seven dwarfs",
        "i am at two with nature",
    };
}
