package dev.gale.benchmarks.compare;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One writer's share of the {@link Meter}: a count, and optionally a latency histogram, kept by
 * one spout or sink instance and updated only by the thread running it, without a locked
 * instruction. The shared instruments cost the measured engine more than a third of a
 * microsecond a tree in {@code wide} (four spouts on two threads contending for one recorder's
 * counters: a fifth of the process's samples) and a few locked instructions a tree on every
 * spout's thread; the faster the engine, the larger the share of its time that was measurement.
 *
 * <p>Thread-safety: {@link #count}, {@link #countUntimed} and {@link #record} by the owning
 * instance's thread only (an engine moving the instance between threads hands it over with a
 * happens-before edge); {@link #count()}, {@link #untimed()} and {@link #takeInterval} by any
 * thread. Counts are written with opaque stores and read with opaque loads: a reader may see one a
 * few nanoseconds late, never torn. The histogram changes hands through a request the writer
 * answers at its next {@link #record}: the reader asks, the writer swaps in a fresh histogram and
 * publishes the old one. The main thread asks once a second in warm-up and measurement alike, so
 * the writer's swap path is warm before the measured window opens.
 */
public final class MeterShard extends MeterShardPad {
    private static final VarHandle COUNT;
    private static final VarHandle UNTIMED;
    private static final VarHandle HANDED_OVER;
    /** How long {@link #takeInterval} waits for the writer to answer before leaving its interval for later. */
    private static final long ANSWER_WAIT_NANOS = 50_000_000L;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(MeterShard.class, "count", long.class);
            UNTIMED = l.findVarHandle(MeterShard.class, "untimed", long.class);
            HANDED_OVER = l.findVarHandle(MeterShard.class, "handedOver", Histogram.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean latencies;
    private long count;
    private long untimed;
    /** 128 bytes behind the counters (see {@link MeterShardPad}). */
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    private Histogram current;
    private volatile boolean swapRequested;
    /** The histogram the writer swapped out last, until a reader takes it. */
    private Histogram handedOver;
    private boolean sawFirst;

    MeterShard(boolean latencies) {
        this.latencies = latencies;
        this.current = latencies ? newHistogram() : null;
    }

    static Histogram newHistogram() {
        return new Histogram(Meter.MAX_LATENCY_NANOS, 3);
    }

    /**
     * One more event (an acked tree, a tuple at a sink); {@code firstNanos} is set to the time of
     * the first (read only then: a clock read per tuple would cost a sink more than the count).
     */
    void count(AtomicLong firstNanos) {
        COUNT.setOpaque(this, count + 1);
        if (!sawFirst) {
            sawFirst = true;
            firstNanos.compareAndSet(0, System.nanoTime());
        }
    }

    /** One more acked tree whose emit time was lost (not in the histogram). */
    void countUntimed() {
        UNTIMED.setOpaque(this, untimed + 1);
    }

    /** Records one latency; swaps histograms first if a reader asked. */
    void record(long latencyNanos) {
        if (swapRequested) {
            swap();
        }
        current.recordValue(latencyNanos);
    }

    private void swap() {
        Histogram old = current;
        current = newHistogram();
        // Keep what an earlier request left untaken (the reader timed out): nothing is dropped.
        Histogram untaken = (Histogram) HANDED_OVER.getAndSet(this, null);
        if (untaken != null) {
            old.add(untaken);
        }
        HANDED_OVER.setRelease(this, old);
        swapRequested = false;
    }

    /** Whether a reader's request is waiting for the writer's next record (for tests). */
    boolean swapRequested() {
        return swapRequested;
    }

    public long count() {
        return (long) COUNT.getOpaque(this);
    }

    public long untimed() {
        return (long) UNTIMED.getOpaque(this);
    }

    /**
     * Asks the writer for the latencies recorded since the last interval and waits up to 50 ms for
     * them; null if none came (a writer that records nothing does not answer, and what it records
     * later goes to a later interval).
     */
    public Histogram takeInterval() {
        if (!latencies) {
            return null;
        }
        swapRequested = true;
        long deadline = System.nanoTime() + ANSWER_WAIT_NANOS;
        while (swapRequested && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(20_000L);
        }
        return (Histogram) HANDED_OVER.getAndSet(this, null);
    }
}
