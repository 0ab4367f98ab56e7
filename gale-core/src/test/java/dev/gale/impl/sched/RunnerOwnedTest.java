package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a runner says it owns while cycles move away from it and back. */
class RunnerOwnedTest {

    @Test
    void aCycleMovedAwayAndBackBeforeTheRunnerLooksIsOwnedOnce() throws Exception {
        ThreadedSchedulerTest.Counting busy = new ThreadedSchedulerTest.Counting("busy");
        ThreadedSchedulerTest.Counting other = new ThreadedSchedulerTest.Counting("other");
        Slot busySlot = new Slot(busy);
        Slot otherSlot = new Slot(other);
        Runner r = new Runner("owned-test", Clock.system(), IdleStrategy.PARK);
        r.hand(busySlot);
        r.hand(otherSlot);
        busy.blockNext = true;
        r.start();
        try {
            // The runner has taken both cycles in and is inside busy's call: it cannot look again.
            await().atMost(Duration.ofSeconds(10)).until(() -> busy.calls.get() == 1 && !busy.blockNext);
            assertThat(r.owned()).containsExactlyInAnyOrder(busySlot, otherSlot);
            // Moved away, then handed back before the runner's next look.
            assertThat(r.giveUp(otherSlot)).isTrue();
            r.hand(otherSlot);
            assertThat(r.owned()).as("each cycle once").containsExactlyInAnyOrder(busySlot, otherSlot);
            // So the runner keeps its last cycle: with other gone, busy cannot be given up.
            assertThat(r.giveUp(otherSlot)).isTrue();
            assertThat(r.giveUp(busySlot)).as("the last cycle stays").isFalse();
            r.hand(otherSlot);
        } finally {
            busy.release.countDown();
            r.stop();
            r.thread().join(10_000);
        }
        assertThat(r.thread().isAlive()).isFalse();
    }
}
