package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.data.Offset;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class TimeTest {

    @Test
    void simulatedTimeStartsAtZeroAndMovesOnlyWhenAdvanced() {
        assertThat(Time.isSimulating()).isFalse();
        try (Time.SimulatedTime t = new Time.SimulatedTime()) {
            assertThat(Time.isSimulating()).isTrue();
            assertThat(Time.currentTimeMillis()).isZero();
            Time.advanceTime(1500);
            assertThat(Time.currentTimeMillis()).isEqualTo(1500);
            assertThat(Time.currentTimeSecs()).isEqualTo(1);
            assertThat(Time.nanoTime()).isEqualTo(1_500_000_000L);
            Time.advanceTimeSecs(2);
            assertThat(Time.deltaMs(1000)).isEqualTo(2500);
            assertThat(Time.simulatedClock()).isSameAs(t.getClock());
        }
        assertThat(Time.isSimulating()).isFalse();
        assertThat(Time.currentTimeMillis()).isCloseTo(System.currentTimeMillis(), Offset.offset(60_000L));
    }

    @Test
    void advancingRealTimeIsAnError() {
        assertThatThrownBy(() -> Time.advanceTime(1)).isInstanceOf(IllegalStateException.class);
        try (Time.SimulatedTime t = new Time.SimulatedTime()) {
            assertThatThrownBy(() -> Time.advanceTime(-1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aSimulatedSleepEndsExactlyWhenTimeIsAdvancedPastIt() throws Exception {
        try (Time.SimulatedTime t = new Time.SimulatedTime()) {
            AtomicLong wokeAt = new AtomicLong(-1);
            Thread sleeper = new Thread(() -> {
                try {
                    Time.sleep(1000);
                    wokeAt.set(Time.currentTimeMillis());
                } catch (InterruptedException e) {
                    wokeAt.set(-2);
                }
            });
            sleeper.start();
            Awaitility.await().atMost(10, TimeUnit.SECONDS).until(() -> Time.isThreadWaiting(sleeper));
            Time.advanceTime(999);
            assertThat(Time.isThreadWaiting(sleeper)).as("still sleeping at 999 ms").isTrue();
            assertThat(sleeper.isAlive()).isTrue();
            Time.advanceTime(1);
            // advanceTime returned once the sleeper woke: it is no longer waiting on the clock.
            assertThat(Time.isThreadWaiting(sleeper) && sleeper.isAlive()).isFalse();
            sleeper.join(10_000);
            assertThat(wokeAt).hasValue(1000);
        }
    }

    @Test
    void closingSimulatedTimeInterruptsItsSleepers() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread sleeper;
        try (Time.SimulatedTime t = new Time.SimulatedTime()) {
            sleeper = new Thread(() -> {
                try {
                    Time.sleepSecs(60);
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            sleeper.start();
            Awaitility.await().atMost(10, TimeUnit.SECONDS).until(() -> Time.isThreadWaiting(sleeper));
        }
        sleeper.join(10_000);
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
    }

    @Test
    void autoAdvancingTimeMovesOnBySleeping() throws Exception {
        try (Time.SimulatedTime t = new Time.SimulatedTime(100)) {
            Time.sleep(1000);
            assertThat(Time.currentTimeMillis()).isEqualTo(1000);
        }
    }

    @Test
    void simulatedTimesNestAndRestore() {
        try (Time.SimulatedTime outer = new Time.SimulatedTime()) {
            Time.advanceTime(10);
            try (Time.SimulatedTime inner = new Time.SimulatedTime()) {
                assertThat(Time.currentTimeMillis()).isZero();
            }
            assertThat(Time.currentTimeMillis()).isEqualTo(10);
        }
    }
}
