package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ExpiryQueueTest {

    private final SimulatedClock clock = new SimulatedClock();
    private final ExpiryQueue<String> queue = new ExpiryQueue<>(10, clock);

    @Test
    void rejectsANonPositiveInterval() {
        assertThatThrownBy(() -> new ExpiryQueue<String>(0, clock))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expirationIntervalMs must be at least 1, but was 0");
    }

    @Test
    void roundsDeadlinesUpToTheNextIntervalBoundary() {
        assertThat(queue.update("a", 0)).isEqualTo(10L);
        assertThat(queue.update("b", 9)).isEqualTo(10L);
        assertThat(queue.update("c", 10)).isEqualTo(20L);
        clock.advanceMillis(5);
        assertThat(queue.update("d", 14)).isEqualTo(20L);
        assertThat(queue.update("e", 15)).isEqualTo(30L);
        assertThat(queue.getExpiryMap()).containsExactly(
                Map.entry(10L, Set.of("a", "b")),
                Map.entry(20L, Set.of("c", "d")),
                Map.entry(30L, Set.of("e")));
    }

    @Test
    void updateReturnsNullWhenTheBucketIsUnchangedAndTheNewTimeOtherwise() {
        assertThat(queue.update("s", 10)).isEqualTo(20L);
        assertThat(queue.update("s", 15)).isNull();
        clock.advanceMillis(5);
        assertThat(queue.update("s", 10)).isNull();
        assertThat(queue.update("s", 20)).isEqualTo(30L);
        assertThat(queue.update("s", 0)).isEqualTo(10L); // moving earlier is a change too
        assertThat(queue.getExpiryMap()).containsExactly(Map.entry(10L, Set.of("s")));
    }

    @Test
    void removeReturnsTheExpiryTimeOrNull() {
        queue.update("s", 25);
        assertThat(queue.remove("s")).isEqualTo(30L);
        assertThat(queue.remove("s")).isNull();
        assertThat(queue.remove("never")).isNull();
        assertThat(queue.getExpiryMap()).isEmpty();
        clock.advanceMillis(100);
        for (int i = 0; i < 10; i++) {
            assertThat(queue.poll()).isEmpty();
        }
    }

    @Test
    void waitTimeCountsDownToTheNextBucketThenStaysZero() {
        assertThat(queue.getWaitTime()).isEqualTo(10);
        clock.advanceMillis(3);
        assertThat(queue.getWaitTime()).isEqualTo(7);
        clock.advanceMillis(7);
        assertThat(queue.getWaitTime()).isZero();
        clock.advanceMillis(25);
        assertThat(queue.getWaitTime()).isZero();
        queue.poll(); // 10
        queue.poll(); // 20
        queue.poll(); // 30
        assertThat(queue.getWaitTime()).isEqualTo(5);
    }

    @Test
    void pollTakesOneDueIntervalAtATime() {
        queue.update("a", 5);
        queue.update("b", 15);
        queue.update("c", 25);
        assertThat(queue.poll()).as("nothing due yet").isEmpty();
        clock.advanceMillis(10);
        assertThat(queue.poll()).containsExactly("a");
        assertThat(queue.poll()).as("20 not due").isEmpty();
        clock.advanceMillis(25); // now 35: buckets 20 and 30 are due
        assertThat(queue.poll()).containsExactly("b");
        assertThat(queue.poll()).containsExactly("c");
        assertThat(queue.poll()).as("40 not due").isEmpty();
        assertThat(queue.getWaitTime()).isEqualTo(5);
    }

    @Test
    void dueButEmptyIntervalIsPassedOver() {
        assertThat(queue.update("late", 30)).isEqualTo(40L);
        clock.advanceMillis(40);
        assertThat(queue.poll()).isEmpty(); // 10
        assertThat(queue.poll()).isEmpty(); // 20
        assertThat(queue.poll()).isEmpty(); // 30
        assertThat(queue.poll()).containsExactly("late");
    }

    @Test
    void polledElementIsForgottenUntilUpdatedAgain() {
        queue.update("s", 0);
        clock.advanceMillis(10);
        assertThat(queue.poll()).containsExactly("s");
        assertThat(queue.remove("s")).isNull();
        assertThat(queue.getExpiryMap()).isEmpty();
        assertThat(queue.update("s", 0)).isEqualTo(20L);
        clock.advanceMillis(10);
        assertThat(queue.poll()).containsExactly("s");
    }

    @Test
    void deadlineInAnIntervalAlreadyPolledGoesToTheNextBucketDue() {
        clock.advanceMillis(35);
        queue.poll(); // 10
        queue.poll(); // 20
        queue.poll(); // 30: next due is 40
        assertThat(queue.update("late", -100)).isEqualTo(40L);
        clock.advanceMillis(5);
        assertThat(queue.poll()).containsExactly("late");
    }

    @Test
    void roundsNegativeTimesDownToo() {
        SimulatedClock early = new SimulatedClock(-5_000_000L); // -5 ms
        ExpiryQueue<String> q = new ExpiryQueue<>(10, early);
        assertThat(q.getWaitTime()).isEqualTo(5);
        assertThat(q.update("s", 0)).isZero();
        assertThat(q.update("t", -11)).as("clamped to the next bucket due").isZero();
        early.advanceMillis(5);
        assertThat(q.poll()).containsExactlyInAnyOrder("s", "t");
    }

    @Test
    void dumpListsBucketsInTimeOrder() {
        queue.update("b", 15);
        queue.update("a", 3);
        queue.update("c", 12);
        StringWriter out = new StringWriter();
        queue.dump(new PrintWriter(out));
        String dump = out.toString().replace(System.lineSeparator(), "\n");
        assertThat(dump).startsWith("Sets (2)/(3):\n1 expire at 10 ms:\n\ta\n2 expire at 20 ms:\n");
        assertThat(dump).contains("\tb\n").contains("\tc\n");
        assertThat(dump.lines()).hasSize(6);
    }

    @Test
    void expiryMapIsAReadOnlySnapshot() {
        queue.update("a", 5);
        Map<Long, Set<String>> snapshot = queue.getExpiryMap();
        assertThatThrownBy(() -> snapshot.put(99L, Set.of())).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snapshot.get(10L).add("x")).isInstanceOf(UnsupportedOperationException.class);
        queue.update("a", 15);
        assertThat(snapshot).containsExactly(Map.entry(10L, Set.of("a")));
        assertThat(queue.getExpiryMap()).containsExactly(Map.entry(20L, Set.of("a")));
    }

    @Test
    void concurrentPollersNeverShareABucket() throws Exception {
        int elements = 2_000;
        for (int i = 0; i < elements; i++) {
            queue.update("e" + i, i % 500);
        }
        clock.advanceMillis(1_000);
        List<String> polled = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> pollers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread poller = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                while (queue.getWaitTime() == 0) {
                    polled.addAll(queue.poll());
                }
            });
            poller.start();
            pollers.add(poller);
        }
        start.countDown();
        for (Thread poller : pollers) {
            poller.join(TimeUnit.SECONDS.toMillis(20));
        }
        assertThat(polled).hasSize(elements).doesNotHaveDuplicates();
        assertThat(queue.getExpiryMap()).isEmpty();
    }

    /**
     * ZooKeeper's race: an update reads the time, stalls, and meanwhile the bucket it is about to
     * join is polled; it then adds the element to a bucket nobody will poll again. Here the
     * stall happens inside the update, and the poll must wait for it, then see the element.
     */
    @Test
    void updateStalledAcrossThePollOfItsBucketIsNotLost() throws Exception {
        StallingClock stalling = new StallingClock(clock);
        ExpiryQueue<String> q = new ExpiryQueue<>(10, stalling);
        AtomicReference<Long> updated = new AtomicReference<>();
        Thread updater = new Thread(() -> updated.set(q.update("s", 10)));
        stalling.stallNextReadOn(updater);
        updater.start();
        assertThat(stalling.stalled.await(20, TimeUnit.SECONDS)).isTrue(); // read 0: target 20

        clock.advanceMillis(25); // buckets 10 and 20 are due
        Set<String> polled = Collections.synchronizedSet(new HashSet<>());
        List<String> pollOrder = Collections.synchronizedList(new ArrayList<>());
        Thread poller = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                Set<String> got = q.poll();
                pollOrder.addAll(got);
                polled.addAll(got);
            }
        });
        poller.start();
        await().atMost(Duration.ofSeconds(20)).until(() ->
                poller.getState() != Thread.State.NEW && poller.getState() != Thread.State.RUNNABLE);

        stalling.release.countDown();
        updater.join(20_000);
        poller.join(20_000);
        clock.advanceMillis(100);
        while (q.getWaitTime() == 0) {
            pollOrder.addAll(q.poll());
        }
        assertThat(updated.get()).isEqualTo(20L);
        assertThat(pollOrder).as("polled exactly once").containsExactly("s");
        assertThat(polled).as("by the poll of its bucket").containsExactly("s");
        assertThat(q.getExpiryMap()).isEmpty();
    }

    /**
     * A wait time computed from a clock reading taken before a poll and a next-due time taken
     * after it would be longer than the queue ever had to wait, making the expiry loop late.
     */
    @Test
    void waitTimeReadAcrossAPollIsNeverLongerThanAnyRealWait() throws Exception {
        StallingClock stalling = new StallingClock(clock);
        ExpiryQueue<String> q = new ExpiryQueue<>(10, stalling); // next due: 10
        AtomicReference<Long> waited = new AtomicReference<>();
        Thread reader = new Thread(() -> waited.set(q.getWaitTime()));
        stalling.stallNextReadOn(reader);
        reader.start();
        assertThat(stalling.stalled.await(20, TimeUnit.SECONDS)).isTrue(); // read 0

        clock.advanceMillis(10);
        Thread poller = new Thread(q::poll); // would move the next due time to 20
        poller.start();
        await().atMost(Duration.ofSeconds(20)).until(() ->
                poller.getState() != Thread.State.NEW && poller.getState() != Thread.State.RUNNABLE);
        stalling.release.countDown();
        reader.join(20_000);
        poller.join(20_000);

        assertThat(waited.get()).isLessThanOrEqualTo(10L);
        assertThat(q.getWaitTime()).isEqualTo(10L);
    }

    @Test
    void behavesLikeTheReferenceModelOverRandomOperations() {
        Seeds.forEach(37, 2000, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            SimulatedClock time = new SimulatedClock(random.nextLong(-1L << 40, 1L << 40));
            int interval = 1 + random.nextInt(50);
            ExpiryQueue<Integer> q = new ExpiryQueue<>(interval, time);
            ReferenceExpiryQueue<Integer> model = new ReferenceExpiryQueue<>(interval, time.millis());
            int keySpace = 1 + random.nextInt(30);
            int ops = 50 + random.nextInt(200);
            for (int op = 0; op < ops; op++) {
                Integer elem = random.nextInt(keySpace);
                long now = time.millis();
                String step = "op " + op + " on " + elem + " at " + now;
                switch (random.nextInt(7)) {
                    case 0, 1, 2 -> {
                        int timeout = random.nextInt(interval * 4 + 1);
                        assertThat(q.update(elem, timeout)).as(step).isEqualTo(model.update(elem, timeout, now));
                    }
                    case 3 -> assertThat(q.remove(elem)).as(step).isEqualTo(model.remove(elem));
                    case 4 -> time.advanceMillis(random.nextInt(interval * 2 + 1));
                    case 5 -> assertThat(q.poll()).as(step).isEqualTo(model.poll(now));
                    default -> assertThat(q.getWaitTime()).as(step).isEqualTo(model.getWaitTime(now));
                }
                assertThat(q.getExpiryMap()).as(step).isEqualTo(model.expiryMap());
            }
        });
    }

    /** Delegates to a clock, but the next read on one thread stalls until released. */
    private static final class StallingClock implements Clock {
        private final Clock inner;
        private volatile Thread stallOn;
        final CountDownLatch stalled = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        StallingClock(Clock inner) {
            this.inner = inner;
        }

        void stallNextReadOn(Thread thread) {
            stallOn = thread;
        }

        @Override
        public long millis() {
            long now = inner.millis();
            if (Thread.currentThread() == stallOn) {
                stallOn = null;
                stalled.countDown();
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return now;
        }

        @Override
        public long nanos() {
            return inner.nanos();
        }

        @Override
        public Waiter newWaiter(String name) {
            return inner.newWaiter(name);
        }
    }
}
