package dev.gale.benchmarks.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spout's schedule under a pace, driven by a clock of the test's own (nanoseconds handed in). */
class PacerTest {
    private static final long MS = 1_000_000L;

    /** Asks the pacer every {@code stepNanos} over {@code nanos}; counts the emits. */
    private static long emits(Pacer p, long rate, long fromNanos, long nanos, long stepNanos) {
        return emits(p, rate, fromNanos, nanos, stepNanos, stepNanos);
    }

    /**
     * Asks the pacer as Storm's spout executor calls nextTuple: again {@code busyNanos} after a call
     * that emitted, {@code idleNanos} after one that did not (the idle spout's sleep); counts the emits.
     */
    private static long emits(Pacer p, long rate, long fromNanos, long nanos, long busyNanos, long idleNanos) {
        long n = 0;
        for (long t = fromNanos; t < fromNanos + nanos; ) {
            if (p.mayEmit(rate, t)) {
                n++;
                t += busyNanos;
            } else {
                t += idleNanos;
            }
        }
        return n;
    }

    @Test
    void unpacedEveryCallEmits() {
        Pacer p = new Pacer(2);
        assertThat(emits(p, 0, 0, 1000, 1)).isEqualTo(1000);
    }

    @Test
    void eachTaskEmitsItsShareOfTheTopologysRateAskedOftenOrEverySleepOfAnIdleSpout() {
        // 5000 trees/s over 2 tasks: 2500/s each, asked every 10 us (busy) or every 1 ms (an idle spout's sleep)
        assertThat(emits(new Pacer(2), 5000, 0, 1000 * MS, 10_000)).isBetween(2499L, 2501L);
        assertThat(emits(new Pacer(2), 5000, 0, 1000 * MS, 5_000, MS)).isBetween(2499L, 2501L);
        // an idle spout's sleep that lasts 3 ms on a loaded machine: still the whole rate, in small batches
        assertThat(emits(new Pacer(2), 5000, 0, 1000 * MS, 5_000, 3 * MS)).isBetween(2499L, 2501L);
    }

    @Test
    void aSpoutThatFellBehindCatchesUpBySmallBatchOnlyAndTheLagShowsInTheRate() {
        Pacer p = new Pacer(1);
        assertThat(emits(p, 10_000, 0, 100 * MS, 10_000)).isBetween(999L, 1001L);
        // 50 ms without a call (500 trees due): at most 10 ms worth (100) go at once
        long burst = emits(p, 10_000, 150 * MS, 10_000, 1);
        assertThat(burst).isEqualTo(100);
        assertThat(emits(p, 10_000, 150 * MS + 10_000, 100 * MS, 10_000)).isBetween(999L, 1001L);
    }

    @Test
    void aNewRateStartsANewSchedule() {
        Pacer p = new Pacer(1);
        assertThat(emits(p, 1000, 0, 1000 * MS, 100_000)).isBetween(999L, 1001L);
        assertThat(emits(p, 100, 1000 * MS, 1000 * MS, 100_000)).isBetween(99L, 101L);
        assertThat(emits(p, 0, 2000 * MS, 10, 1)).isEqualTo(10);
        assertThat(emits(p, 100, 3000 * MS, 1000 * MS, 100_000)).as("the same rate again, after none").isBetween(99L, 101L);
    }

    @Test
    void theRateTravelsThroughTheReportDirectory(@TempDir Path dir) throws Exception {
        assertThat(Pace.read(dir)).as("none written").isZero();
        Pace.write(dir, 5000);
        assertThat(Pace.read(dir)).isEqualTo(5000);
        Files.writeString(dir.resolve(Pace.FILE), "fast");
        assertThatThrownBy(() -> Pace.read(dir)).hasMessageContaining(Pace.FILE).hasMessageContaining("'fast'");
    }
}
