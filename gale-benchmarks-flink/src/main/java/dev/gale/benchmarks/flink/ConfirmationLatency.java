package dev.gale.benchmarks.flink;

import dev.gale.benchmarks.compare.Meter;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Flink's closest analogue of Gale's complete latency: the time from a record's emission to the
 * completion of the first checkpoint that covers it (only then would a failure no longer replay it).
 * A source subtask's records emitted before checkpoint n's barrier leaves it are covered by checkpoint
 * n (at-least-once: every operator snapshots only after the barrier arrived on all its inputs, so the
 * records ahead of it are processed first). So the stream is cut into epochs at the barriers, each
 * epoch counts its records' emission times in 100 us buckets (no allocation or queue per record), and
 * when checkpoint n completes every epoch up to n is reported into {@link Meter#COMPLETE_LATENCY}
 * (bucket midpoints, so within 50 us) and {@link Meter#ACKED}.
 *
 * <p>Not thread-safe: one instance per subtask, used only on that task's thread (Flink calls
 * {@code snapshotState} and {@code notifyCheckpointComplete} there, between records).
 */
final class ConfirmationLatency {
    private static final long BUCKET_NANOS = 100_000;

    private final LongSupplier nanoClock;
    private final int readMask;
    private final ArrayDeque<Epoch> awaiting = new ArrayDeque<>();
    private Epoch open;
    private long reading;
    private int sinceReading;

    /** @param nanoClock {@code System::nanoTime} in a job; a test's own clock in a test */
    ConfirmationLatency(LongSupplier nanoClock) {
        this(nanoClock, 1);
    }

    /**
     * @param readEvery read the clock for one record in this many (a power of two), the others
     *     taking the last reading: a few microseconds off, against buckets of 100 us. Gale's and
     *     Storm's measuring spout times one tree in eight; this keeps the three engines' measuring
     *     costs alike.
     */
    ConfirmationLatency(LongSupplier nanoClock, int readEvery) {
        if (Integer.bitCount(readEvery) != 1) {
            throw new IllegalArgumentException("readEvery must be a power of two: " + readEvery);
        }
        this.nanoClock = nanoClock;
        this.readMask = readEvery - 1;
        this.open = new Epoch(nanoClock.getAsLong());
        this.reading = open.startNanos;
    }

    /** A record is emitted now. */
    void emitted() {
        if ((sinceReading++ & readMask) == 0) {
            reading = nanoClock.getAsLong();
        }
        open.add(reading);
    }

    /** The barrier of {@code checkpointId} passes now: the records so far belong to that checkpoint. */
    void barrier(long checkpointId) {
        open.checkpointId = checkpointId;
        awaiting.add(open);
        open = new Epoch(nanoClock.getAsLong());
        reading = open.startNanos; // an older reading would fall before the new epoch
    }

    /** Checkpoint {@code checkpointId} completed now: it confirms its epoch and any earlier one still waiting. */
    void completed(long checkpointId) {
        long now = nanoClock.getAsLong();
        while (!awaiting.isEmpty() && awaiting.peek().checkpointId <= checkpointId) {
            awaiting.poll().report(now);
        }
    }

    /** The records emitted between two barriers. */
    private static final class Epoch {
        final long startNanos;
        long checkpointId = Long.MAX_VALUE;
        int[] counts = new int[16_384]; // 1.6 s of buckets; grows when checkpoints run late
        long total;

        Epoch(long startNanos) {
            this.startNanos = startNanos;
        }

        void add(long nanos) {
            int i = (int) ((nanos - startNanos) / BUCKET_NANOS);
            if (i >= counts.length) {
                counts = Arrays.copyOf(counts, Math.max(i + 1, counts.length * 2));
            }
            counts[i]++;
            total++;
        }

        void report(long nowNanos) {
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] != 0) {
                    long emitted = startNanos + i * BUCKET_NANOS + BUCKET_NANOS / 2;
                    long latency = Math.min(Meter.MAX_LATENCY_NANOS, Math.max(0, nowNanos - emitted));
                    Meter.COMPLETE_LATENCY.recordValueWithCount(latency, counts[i]);
                }
            }
            if (total > 0) {
                Meter.ACKED.add(total);
                if (Meter.FIRST_ACK_NANOS.get() == 0) {
                    Meter.FIRST_ACK_NANOS.compareAndSet(0, nowNanos);
                }
            }
        }
    }
}
