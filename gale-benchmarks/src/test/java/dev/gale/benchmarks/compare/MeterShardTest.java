package dev.gale.benchmarks.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MeterShardTest {

    @Test
    void everyLatencyRecordedWhileAReaderTakesIntervalsEndsUpInExactlyOneInterval() throws Exception {
        MeterShard shard = new MeterShard(true);
        long records = 3_000_000;
        Thread writer = new Thread(() -> {
            AtomicLong first = new AtomicLong();
            for (long i = 1; i <= records; i++) {
                shard.count(first);
                shard.record(1 + (i % 1000));
            }
        });
        writer.start();
        long taken = 0;
        int answered = 0;
        while (writer.isAlive()) {
            Histogram h = shard.takeInterval();
            if (h != null) {
                taken += h.getTotalCount();
                answered++;
            }
        }
        writer.join();
        assertThat(shard.count()).isEqualTo(records);
        // What the writer recorded since its last answer is still its current histogram: ask
        // (collecting anything answered meanwhile), answer with one more record, collect.
        taken += totalOf(shard.takeInterval());
        shard.record(1);
        taken += totalOf(shard.takeInterval());
        assertThat(taken).as("latencies handed over, each once").isEqualTo(records);
        assertThat(answered).as("intervals the writer answered while running").isPositive();
    }

    @Test
    void aWriterThatRecordsNothingLeavesTheReaderEmptyHandedAfterAShortWait() {
        MeterShard shard = new MeterShard(true);
        long t0 = System.nanoTime();
        assertThat(shard.takeInterval()).isNull();
        assertThat(System.nanoTime() - t0).isLessThan(5_000_000_000L);
        // The request stays open: the next record answers it with everything recorded before it.
        shard.record(7);
        assertThat(totalOf(shard.takeInterval())).as("recorded before the answer: nothing").isZero();
        shard.record(8);
        Histogram h = shard.takeInterval();
        assertThat(h.getTotalCount()).isEqualTo(1);
        assertThat(h.getMaxValue()).isEqualTo(7);
    }

    private static long totalOf(Histogram h) {
        return h == null ? 0 : h.getTotalCount();
    }

    @Test
    void anIntervalLeftUntakenByAReaderThatGaveUpIsHandedOverWithTheNextOne() throws Exception {
        MeterShard shard = new MeterShard(true);
        shard.record(4);
        assertThat(shard.takeInterval()).as("no answer while the writer is idle").isNull();
        shard.record(5); // answers late: [4] is handed over, and no reader takes it
        CompletableFuture<Histogram> next = CompletableFuture.supplyAsync(shard::takeInterval);
        while (!shard.swapRequested() && !next.isDone()) {
            Thread.onSpinWait();
        }
        shard.record(6); // answers the new request: [5] and the untaken [4]
        Histogram h = next.get(10, TimeUnit.SECONDS);
        if (h.getTotalCount() == 1 && !shard.swapRequested()) {
            // The reader gave up before this thread answered and took the late [4] alone; [5]
            // is handed over now.
            Histogram rest = shard.takeInterval();
            if (rest != null) {
                h.add(rest);
            }
        }
        assertThat(h.getTotalCount()).isEqualTo(2);
        assertThat(h.getMinValue()).isEqualTo(4);
        assertThat(h.getMaxValue()).isEqualTo(5);
    }

    @Test
    void aCountingShardHasNoLatencies() {
        MeterShard shard = new MeterShard(false);
        AtomicLong first = new AtomicLong();
        long before = System.nanoTime();
        shard.count(first);
        long afterFirst = System.nanoTime();
        shard.count(first);
        assertThat(shard.count()).isEqualTo(2);
        assertThat(first.get()).as("the first event's time").isBetween(before, afterFirst);
        assertThat(shard.takeInterval()).isNull();
    }
}
