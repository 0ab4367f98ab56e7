package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * What the table behind ExpiryQueue must get right beyond the small random runs of
 * ExpiryQueueTest: bucket lists threaded through slots that backward-shift deletion and rehashing
 * move (long probe runs of colliding hashes, wrap-around), growth and shrinking, and polls of
 * buckets large enough to be forgotten in many chunks while other threads update and remove.
 */
class ExpiryQueueTableTest {


    @Test
    void matchesTheModelWithCollidingElementsThroughGrowthShrinkingAndBigPolls() {
        Seeds.forEach(41, 300, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            SimulatedClock time = new SimulatedClock(random.nextLong(-1L << 40, 1L << 40));
            int interval = 1 + random.nextInt(20);
            ExpiryQueue<CollidingKey> q = new ExpiryQueue<>(interval, time);
            ReferenceExpiryQueue<CollidingKey> model = new ReferenceExpiryQueue<>(interval, time.millis());
            int keySpace = 1 + random.nextInt(1500);
            int hashes = 1 + random.nextInt(64);
            int ops = 500 + random.nextInt(3000);
            // Phases of mostly updates, then mostly removals and polls: the table grows and shrinks.
            for (int op = 0; op < ops; op++) {
                boolean filling = (op / 500) % 2 == 0;
                int id = random.nextInt(keySpace);
                CollidingKey elem = new CollidingKey(id, id % hashes);
                long now = time.millis();
                String step = "op " + op + " on " + elem + " at " + now;
                int dice = random.nextInt(20);
                if (dice < (filling ? 12 : 5)) {
                    int timeout = random.nextInt(interval * 6 + 1);
                    assertThat(q.update(elem, timeout)).as(step).isEqualTo(model.update(elem, timeout, now));
                } else if (dice < 16) {
                    assertThat(q.remove(elem)).as(step).isEqualTo(model.remove(elem));
                } else if (dice < 18) {
                    time.advanceMillis(random.nextInt(interval + 1));
                } else {
                    assertThat(q.poll()).as(step).isEqualTo(model.poll(now));
                }
                if (op % 50 == 0 || op == ops - 1) {
                    assertThat(q.getExpiryMap()).as(step).isEqualTo(model.expiryMap());
                }
            }
            time.advanceMillis(interval * 10L);
            while (q.getWaitTime() == 0) {
                assertThat(q.poll()).isEqualTo(model.poll(time.millis()));
            }
            assertThat(q.getExpiryMap()).isEmpty();
            assertThat(q.capacity()).as("shrunk back once empty").isEqualTo(16);
        });
    }

    @Test
    void shiftedSlotsKeepTheirBucketListsIntact() {
        SimulatedClock time = new SimulatedClock();
        ExpiryQueue<CollidingKey> q = new ExpiryQueue<>(10, time);
        // One hash: a single probe run holding three interleaved bucket lists.
        List<CollidingKey> all = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            CollidingKey c = new CollidingKey(i, 7);
            all.add(c);
            q.update(c, (i % 3) * 10);
        }
        // Removing from the front of the run shifts every later slot back by one.
        assertThat(q.remove(all.get(0))).isEqualTo(10L);
        assertThat(q.remove(all.get(4))).isEqualTo(20L);
        assertThat(q.update(all.get(8), 0)).isEqualTo(10L);
        assertThat(q.getExpiryMap()).containsExactly(
                Map.entry(10L, Set.of(all.get(3), all.get(6), all.get(8), all.get(9))),
                Map.entry(20L, Set.of(all.get(1), all.get(7), all.get(10))),
                Map.entry(30L, Set.of(all.get(2), all.get(5), all.get(11))));
        time.advanceMillis(10);
        assertThat(q.poll()).containsExactlyInAnyOrder(all.get(3), all.get(6), all.get(8), all.get(9));
        assertThat(q.remove(all.get(5))).isEqualTo(30L);
        time.advanceMillis(20);
        assertThat(q.poll()).containsExactlyInAnyOrder(all.get(1), all.get(7), all.get(10));
        assertThat(q.poll()).containsExactlyInAnyOrder(all.get(2), all.get(11));
        assertThat(q.getExpiryMap()).isEmpty();
    }

    /**
     * A poll takes its bucket at once but forgets the elements a chunk at a time; updates and
     * removals that run after the take, between those chunks, must see the elements as already
     * handed out: an update adds one anew, a removal finds nothing, and the poll still returns it.
     */
    @Test
    void updatesAndRemovalsDuringChunkedForgettingSeeTheBucketAsPolled() throws Exception {
        Seeds.forEach(43, 5, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            SimulatedClock time = new SimulatedClock();
            ExpiryQueue<CollidingKey> q = new ExpiryQueue<>(10, time);
            int n = 100_000;
            List<CollidingKey> bucket = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                CollidingKey c = new CollidingKey(i, i / 4); // runs of colliding hashes: many shifts
                bucket.add(c);
                q.update(c, 5); // all due at 10
            }
            time.advanceMillis(10);
            AtomicReference<Set<CollidingKey>> polled = new AtomicReference<>();
            Thread poller = new Thread(() -> polled.set(q.poll()));
            Set<CollidingKey> updated = new HashSet<>();
            Set<CollidingKey> removed = new HashSet<>();
            List<String> problems = new ArrayList<>();
            poller.start();
            while (q.getWaitTime() == 0) {
                Thread.onSpinWait(); // until the poll has taken the bucket
            }
            for (int k = 0; k < 20_000; k++) {
                CollidingKey c = bucket.get(random.nextInt(n));
                if (updated.contains(c) || removed.contains(c)) {
                    continue;
                }
                if (random.nextBoolean()) {
                    Long expiry = q.update(c, 15);
                    if (expiry == null || expiry != 30L) {
                        problems.add("update of " + c + " returned " + expiry);
                    }
                    updated.add(c);
                } else {
                    Long expiry = q.remove(c);
                    if (expiry != null) {
                        problems.add("remove of " + c + " returned " + expiry);
                    }
                    removed.add(c);
                }
            }
            try {
                poller.join(60_000);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            assertThat(problems).isEmpty();
            // isEqualTo compares with Set.equals; AssertJ's containsAll would take quadratic time.
            assertThat(polled.get()).as("every element of the bucket").isEqualTo(new HashSet<>(bucket));
            assertThat(q.getExpiryMap()).containsExactly(Map.entry(30L, updated));
            for (CollidingKey c : updated) {
                assertThat(q.remove(c)).isEqualTo(30L);
            }
            assertThat(q.getExpiryMap()).isEmpty();
            assertThat(q.capacity()).isEqualTo(16);
        });
    }
}
