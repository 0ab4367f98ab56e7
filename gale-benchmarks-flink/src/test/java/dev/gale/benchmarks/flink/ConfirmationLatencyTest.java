package dev.gale.benchmarks.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.benchmarks.compare.Meter;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ConfirmationLatencyTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private long now = 1_000_000 * MS;
    private final ConfirmationLatency latency = new ConfirmationLatency(() -> now);
    private long acked0;

    @BeforeEach
    void resetMeter() {
        Meter.COMPLETE_LATENCY.getIntervalHistogram();
        acked0 = Meter.ACKED.sum();
    }

    /** Within the 50 us of a bucket's midpoint plus HdrHistogram's 3 significant digits. */
    private static void assertNear(long actual, long expected) {
        assertThat(Math.abs(actual - expected)).as("%d ns, expected %d ns", actual, expected)
                .isLessThanOrEqualTo(MS / 20 + expected / 500);
    }

    private Histogram reported() {
        return Meter.COMPLETE_LATENCY.getIntervalHistogram();
    }

    @Test
    void readingTheClockForOneRecordInEightCountsEveryRecordAndStartsEachEpochAfresh() {
        int[] reads = {0};
        ConfirmationLatency sampled = new ConfirmationLatency(() -> {
            reads[0]++;
            return now;
        }, 8);
        int readsAtStart = reads[0];
        for (int i = 0; i < 16; i++) {
            sampled.emitted();
            now += MS;
        }
        assertThat(reads[0] - readsAtStart).as("clock reads for 16 records").isEqualTo(2);
        sampled.barrier(1); // 16 ms after the first record
        now += 10 * MS;
        sampled.emitted(); // the barrier's reading: in checkpoint 2's epoch, never before it
        now += 100 * MS;
        sampled.completed(1);
        Histogram h = reported();
        assertThat(h.getTotalCount()).isEqualTo(16);
        assertNear(h.getMaxValue(), 126 * MS); // records 0-7 read at 0 ms
        assertNear(h.getMinValue(), 118 * MS); // records 8-15 read at 8 ms
        now += 10 * MS;
        sampled.barrier(2);
        sampled.completed(2);
        assertThat(reported().getTotalCount()).isEqualTo(1);
    }

    @Test
    void aRecordIsConfirmedByTheFirstCheckpointWhoseBarrierFollowsIt() {
        latency.emitted();            // t = 0
        now += 300 * MS;
        latency.emitted();            // t = 300 ms
        now += 200 * MS;
        latency.barrier(1);           // t = 500 ms: both records belong to checkpoint 1
        now += 100 * MS;
        latency.emitted();            // t = 600 ms: belongs to checkpoint 2
        now += 400 * MS;
        latency.completed(1);         // t = 1000 ms

        Histogram h = reported();
        assertThat(h.getTotalCount()).isEqualTo(2);
        assertThat(Meter.ACKED.sum() - acked0).isEqualTo(2);
        assertNear(h.getMaxValue(), 1000 * MS); // emitted at 0
        assertNear(h.getMinValue(), 700 * MS);  // emitted at 300 ms

        now += 500 * MS;
        latency.barrier(2);
        now += 500 * MS;
        latency.completed(2);         // t = 2000 ms confirms the record of 600 ms
        h = reported();
        assertThat(h.getTotalCount()).isEqualTo(1);
        assertNear(h.getMaxValue(), 1400 * MS);
    }

    @Test
    void aCheckpointThatNeverCompletesLeavesItsRecordsToTheNextOneThatDoes() {
        latency.emitted();
        now += 100 * MS;
        latency.barrier(1);           // checkpoint 1 will be aborted
        latency.emitted();
        now += 100 * MS;
        latency.barrier(2);
        now += 100 * MS;
        latency.completed(2);

        Histogram h = reported();
        assertThat(h.getTotalCount()).isEqualTo(2);
        assertNear(h.getMaxValue(), 300 * MS);
        assertNear(h.getMinValue(), 200 * MS);
    }

    @Test
    void nothingIsReportedBeforeItsCheckpointCompletes() {
        latency.emitted();
        latency.barrier(5);
        latency.completed(4);
        assertThat(reported().getTotalCount()).isZero();
        assertThat(Meter.ACKED.sum() - acked0).isZero();
    }

    @Test
    void anEpochLongerThanItsFirstBucketsStillTimesEveryRecord() {
        now += 5_000 * MS;            // a checkpoint that comes 5 s late
        latency.emitted();
        latency.barrier(1);
        now += 10 * MS;
        latency.completed(1);
        Histogram h = reported();
        assertThat(h.getTotalCount()).isEqualTo(1);
        assertNear(h.getMaxValue(), 10 * MS);
    }
}
