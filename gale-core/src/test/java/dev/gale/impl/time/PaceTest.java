package dev.gale.impl.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.time.SimulatedClock;
import org.junit.jupiter.api.Test;

/** What each pace tells the executors, and how it binds user code's simulated sleeps. */
class PaceTest {

    @Test
    void realTimeCutsBySamplesAndBatchesAndLeavesSleepsToTheThread() {
        Pace p = Pace.REAL_TIME;
        assertThat(p.drainStep(256)).isEqualTo(256);
        assertThat(p.burstBudgetNanos(1_000_000)).isEqualTo(1_000_000);
        assertThat(p.sampleMask(31)).isEqualTo(31);
        assertThat(p.idlePollPauseNanos(50_000)).isEqualTo(50_000);
        assertThat(p.batchesTuples()).isTrue();
        SimulatedClock clock = new SimulatedClock();
        clock.advanceNanos(500);
        assertThat(p.stamp(clock, 7)).as("the stamp read at the start of the burst").isEqualTo(7);

        SimulatedSleep sleeper = deadline -> { };
        assertThat(p.enterUserCode(sleeper)).isNull();
        assertThat(ThreadClock.simulatedSleep()).as("a real sleep blocks the thread").isNull();
        p.leaveUserCode(null);
    }

    @Test
    void steppedIsExactAndReproducible() {
        Pace p = Pace.STEPPED;
        assertThat(p.drainStep(256)).isEqualTo(1);
        assertThat(p.burstBudgetNanos(1_000_000)).isEqualTo(Long.MAX_VALUE);
        assertThat(p.sampleMask(31)).isZero();
        assertThat(p.idlePollPauseNanos(50_000)).isZero();
        assertThat(p.batchesTuples()).isFalse();
        SimulatedClock clock = new SimulatedClock();
        clock.advanceNanos(500);
        assertThat(p.stamp(clock, 7)).as("the clock itself").isEqualTo(clock.nanos());
    }

    @Test
    void steppedBindsTheSleeperForTheUserCodeAndRestoresTheSendersAfter() {
        Pace p = Pace.STEPPED;
        SimulatedSleep sender = deadline -> { };
        SimulatedSleep receiver = deadline -> { };
        SimulatedSleep outer = p.enterUserCode(sender);
        try {
            assertThat(outer).isNull();
            assertThat(ThreadClock.simulatedSleep()).isSameAs(sender);
            SimulatedSleep previous = p.enterUserCode(receiver); // an inline hand-off inside the sender's call
            assertThat(ThreadClock.simulatedSleep()).isSameAs(receiver);
            p.leaveUserCode(previous);
            assertThat(ThreadClock.simulatedSleep()).as("back to the sender").isSameAs(sender);
        } finally {
            p.leaveUserCode(outer);
        }
        assertThat(ThreadClock.simulatedSleep()).isNull();
    }
}
