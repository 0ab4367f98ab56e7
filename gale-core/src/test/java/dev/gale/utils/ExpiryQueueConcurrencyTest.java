package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Updaters, removers, two pollers, a clock driver and a snapshot reader run together; then every
 * element is accounted for: none lost, none polled twice for one insertion, none in two buckets.
 */
class ExpiryQueueConcurrencyTest {

    private static final int WORKERS = 3;
    private static final int ELEMENTS_PER_WORKER = 600;
    private static final int INTERVAL_MS = 10;

    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    /** What one worker did to its own elements. */
    private static final class Log {
        final Map<String, Integer> updates = new ConcurrentHashMap<>();
        final Set<String> updatedOnce = new HashSet<>();
        final Set<String> lastOpRemove = new HashSet<>();
    }

    @Test
    void everyElementIsPolledOncePerInsertionAndNeverLost() throws Exception {
        long seed = Long.getLong("gale.test.seed", System.nanoTime());
        String context = "seed " + seed;
        SimulatedClock clock = new SimulatedClock();
        ExpiryQueue<String> queue = new ExpiryQueue<>(INTERVAL_MS, clock);
        Map<String, Integer> polls = new ConcurrentHashMap<>();
        AtomicBoolean workersDone = new AtomicBoolean();
        AtomicBoolean clockDone = new AtomicBoolean();
        AtomicReference<String> snapshotProblem = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);

        List<Future<Log>> workers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            int id = w;
            workers.add(pool.submit(() -> work(queue, id, new SplittableRandom(seed + id), start)));
        }
        Future<?> driver = pool.submit(() -> {
            SplittableRandom random = new SplittableRandom(seed - 1);
            start.await();
            while (!workersDone.get()) {
                clock.advanceMillis(random.nextInt(4));
                Thread.yield();
            }
            clock.advanceMillis(1_000); // everything left is now due
            clockDone.set(true);
            return null;
        });
        List<Future<?>> pollers = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            pollers.add(pool.submit(() -> {
                start.await();
                while (!clockDone.get() || queue.getWaitTime() == 0) {
                    Set<String> due = queue.poll();
                    if (due.isEmpty()) {
                        Thread.yield();
                    }
                    for (String e : due) {
                        polls.merge(e, 1, Integer::sum);
                    }
                }
                return null;
            }));
        }
        Future<?> reader = pool.submit(() -> {
            start.await();
            while (!clockDone.get()) {
                Set<String> seen = new HashSet<>();
                for (Set<String> bucket : queue.getExpiryMap().values()) {
                    for (String e : bucket) {
                        if (!seen.add(e)) {
                            snapshotProblem.compareAndSet(null, e + " is in two buckets");
                        }
                    }
                }
                Thread.yield();
            }
            return null;
        });

        start.countDown();
        List<Log> logs = new ArrayList<>();
        for (Future<Log> f : workers) {
            logs.add(f.get(60, TimeUnit.SECONDS));
        }
        workersDone.set(true);
        driver.get(60, TimeUnit.SECONDS);
        for (Future<?> p : pollers) {
            p.get(60, TimeUnit.SECONDS);
        }
        reader.get(60, TimeUnit.SECONDS);

        assertThat(snapshotProblem.get()).as(context).isNull();
        assertThat(queue.getExpiryMap()).as(context + ": left behind").isEmpty();
        assertThat(queue.getWaitTime()).as(context).isPositive();
        int polledOnceChecked = 0;
        for (Log log : logs) {
            for (Map.Entry<String, Integer> e : log.updates.entrySet()) {
                String elem = e.getKey();
                int polled = polls.getOrDefault(elem, 0);
                assertThat(queue.remove(elem)).as(context + ": %s still queued", elem).isNull();
                assertThat(polled).as(context + ": %s polled more often than inserted", elem)
                        .isLessThanOrEqualTo(e.getValue());
                if (log.updatedOnce.contains(elem)) {
                    assertThat(polled).as(context + ": %s updated once, never removed", elem).isEqualTo(1);
                    polledOnceChecked++;
                } else if (!log.lastOpRemove.contains(elem)) {
                    assertThat(polled).as(context + ": %s lost", elem).isPositive();
                }
            }
        }
        assertThat(polledOnceChecked).isPositive();
    }

    private static Log work(ExpiryQueue<String> queue, int id, SplittableRandom random, CountDownLatch start)
            throws InterruptedException {
        Log log = new Log();
        List<String> todo = new ArrayList<>();
        for (int j = 0; j < ELEMENTS_PER_WORKER; j++) {
            String elem = "w" + id + "-" + j;
            int touches = j % 3 == 0 ? 1 : 1 + random.nextInt(6);
            for (int t = 0; t < touches; t++) {
                todo.add(elem);
            }
            if (touches == 1) {
                log.updatedOnce.add(elem);
            }
        }
        // Shuffle, so an element's touches are spread over time and over other elements'.
        for (int i = todo.size() - 1; i > 0; i--) {
            int k = random.nextInt(i + 1);
            String swap = todo.get(i);
            todo.set(i, todo.get(k));
            todo.set(k, swap);
        }
        Map<String, Integer> left = new HashMap<>();
        todo.forEach(e -> left.merge(e, 1, Integer::sum));
        start.await();
        for (String elem : todo) {
            int remaining = left.merge(elem, -1, Integer::sum);
            boolean last = remaining == 0;
            if (last && !log.updatedOnce.contains(elem) && random.nextInt(4) == 0) {
                queue.remove(elem);
                log.lastOpRemove.add(elem);
            } else {
                queue.update(elem, random.nextInt(5 * INTERVAL_MS));
                log.updates.merge(elem, 1, Integer::sum);
            }
        }
        return log;
    }
}
