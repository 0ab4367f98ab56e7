package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.impl.transfer.Backpressure;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A scheduler thread whose park ran out its time runs only the cycles that are due, and stays
 * announced meanwhile: work given to any other cycle must still bring back full passes. Here a
 * fast poller keeps the thread dozing for good, and the park's safety net is an hour, so a lost
 * wake-up shows as a cycle that never runs again.
 */
class DozingRunnerTest {
    private static final long FAST = TimeUnit.MILLISECONDS.toNanos(2);

    /** A spout-like cycle: does nothing, asks to be polled every {@code period}. */
    static final class Poller implements DutyCycle {
        final long period = FAST;
        final AtomicLong polls = new AtomicLong();

        @Override
        public String name() {
            return "poller";
        }

        @Override
        public void onStart(Parker parker) {
        }

        @Override
        public int doWork(Parker parker) {
            polls.incrementAndGet();
            return 0;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return period;
        }

        @Override
        public void onClose() {
        }
    }

    /** A bolt-like cycle: consumes its inbox; only a signal gives it work. */
    static final class Consumer implements DutyCycle {
        final Inbox inbox = new Inbox(0, "consumer", 64);
        final AtomicInteger received = new AtomicInteger();

        @Override
        public String name() {
            return "consumer";
        }

        @Override
        public void onStart(Parker parker) {
            inbox.bindParker(parker);
        }

        @Override
        public int doWork(Parker parker) {
            return inbox.drain(m -> received.incrementAndGet(), 64);
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return inbox.isEmpty() ? Long.MAX_VALUE : 0;
        }

        @Override
        public void onClose() {
        }
    }

    /** A cycle held back by backpressure: it registers its thread's parker and waits for the clear. */
    static final class Throttled implements DutyCycle {
        final Backpressure backpressure;
        final AtomicInteger ranWhileClear = new AtomicInteger();

        Throttled(Backpressure backpressure) {
            this.backpressure = backpressure;
        }

        @Override
        public String name() {
            return "throttled";
        }

        @Override
        public void onStart(Parker parker) {
        }

        @Override
        public int doWork(Parker parker) {
            if (!backpressure.isCongested() && ranWhileClear.get() == 0) {
                ranWhileClear.incrementAndGet();
                return 1;
            }
            return 0;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            if (ranWhileClear.get() > 0) {
                return Long.MAX_VALUE;
            }
            return backpressure.awaitClear(parker) ? Long.MAX_VALUE : 0;
        }

        @Override
        public void onClose() {
        }
    }

    private static ThreadedScheduler oneThread(List<DutyCycle> cycles) {
        return new ThreadedScheduler("doze-test", Clock.system(), cycles, 1, IdleStrategy.BACKOFF, 0)
                .withMaxPark(TimeUnit.HOURS.toNanos(1));
    }

    /** Waits for a few more polls: the thread has timed out of a park, so it dozes. */
    private static void awaitDozing(Poller poller) {
        long seen = poller.polls.get();
        await().atMost(Duration.ofSeconds(30)).until(() -> poller.polls.get() >= seen + 5);
    }

    @Test
    void aSignalToACycleThatWasNotDueWakesTheDozingThreadAtOnce() throws Exception {
        Poller poller = new Poller();
        Consumer consumer = new Consumer();
        ThreadedScheduler s = oneThread(List.of(poller, consumer));
        s.start();
        try {
            for (int i = 1; i <= 20; i++) {
                awaitDozing(poller);
                assertThat(consumer.inbox.offer("m" + i)).isTrue();
                consumer.inbox.signal(); // as an outbox does at the end of a batch
                int expected = i;
                await().atMost(Duration.ofSeconds(10)).until(() -> consumer.received.get() == expected);
            }
        } finally {
            s.stop();
            s.awaitStopped(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        }
    }

    @Test
    void aBackpressureClearWakesTheDozingThreadAtOnce() throws Exception {
        Poller poller = new Poller();
        Backpressure backpressure = new Backpressure();
        backpressure.enter();
        Throttled throttled = new Throttled(backpressure);
        ThreadedScheduler s = oneThread(List.of(poller, throttled));
        s.start();
        try {
            awaitDozing(poller);
            backpressure.exit();
            await().atMost(Duration.ofSeconds(10)).until(() -> throttled.ranWhileClear.get() == 1);
        } finally {
            s.stop();
            s.awaitStopped(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        }
    }

    /** Never has work and asks for no wake-up: only the safety net runs it. */
    static final class NetOnly implements DutyCycle {
        final AtomicLong calls = new AtomicLong();

        @Override
        public String name() {
            return "net-only";
        }

        @Override
        public void onStart(Parker parker) {
        }

        @Override
        public int doWork(Parker parker) {
            calls.incrementAndGet();
            return 0;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return Long.MAX_VALUE;
        }

        @Override
        public void onClose() {
        }
    }

    @Test
    void aCycleLeftToTheSafetyNetStillRunsAtItsIntervalWhileTheThreadDozes() throws Exception {
        // A dozing thread looks only at the cycles due within the safety net; the others are
        // due together at the net, and must still be run when it comes.
        Poller poller = new Poller();
        NetOnly net = new NetOnly();
        long maxPark = TimeUnit.MILLISECONDS.toNanos(50);
        ThreadedScheduler s = new ThreadedScheduler("doze-test-net", Clock.system(), List.of(poller, net), 1,
                IdleStrategy.BACKOFF, 0).withMaxPark(maxPark);
        s.start();
        try {
            awaitDozing(poller);
            long before = net.calls.get();
            long pollsBefore = poller.polls.get();
            await().atMost(Duration.ofSeconds(30)).until(() -> net.calls.get() >= before + 10);
            // Ten nets of 50 ms are at least 250 polls of 2 ms, unless the thread went round
            // every cycle on every wake-up.
            assertThat(poller.polls.get() - pollsBefore).as("polls meanwhile").isGreaterThan(100);
        } finally {
            s.stop();
            s.awaitStopped(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        }
    }
}
