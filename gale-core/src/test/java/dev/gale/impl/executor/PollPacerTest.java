package dev.gale.impl.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** When an idle spout polls next: never later than its pause, and on a grid shared with its neighbours. */
class PollPacerTest {
    private static final long MS = 1_000_000L;

    @Test
    void aPauseOfAMillisecondOrMoreEndsOnTheNextMultipleOfItAndNeverLater() {
        Random random = new Random(42);
        for (int i = 0; i < 100_000; i++) {
            long pause = MS << random.nextInt(6);
            long now = random.nextLong() / 4; // System.nanoTime may be negative
            long at = PollPacer.nextPollAt(now, pause);
            assertThat(at - now).as("wait after %d with pause %d", now, pause).isPositive().isLessThanOrEqualTo(pause);
            assertThat(Math.floorMod(at, pause)).isZero();
        }
    }

    @Test
    void aSpoutWokenJustAfterAGridPointWaitsOnePauseNotTwo() {
        long pause = 40 * MS;
        assertThat(PollPacer.nextPollAt(10 * pause + 50_000, pause)).isEqualTo(11 * pause);
    }

    @Test
    void twoSpoutsIdleAtDifferentMomentsOfAPausePollAtTheSameInstant() {
        long pause = 40 * MS;
        assertThat(PollPacer.nextPollAt(1000 * MS + 3 * MS, pause))
                .isEqualTo(PollPacer.nextPollAt(1000 * MS + 37 * MS, pause));
    }

    @Test
    void shortPausesAreNotRoundedToAGrid() {
        assertThat(PollPacer.nextPollAt(12_345, 50_000)).isEqualTo(62_345);
    }
}
