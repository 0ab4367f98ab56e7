package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.time.SimulatedClock;
import java.time.Duration;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Writers put, renew, read and remove while a driver moves the simulated clock and the expiry
 * thread rotates; afterwards every value put must be accounted for exactly once.
 */
class TimeCacheMapConcurrencyTest {

    private static final int WRITERS = 3;
    private static final int OPS_PER_WRITER = 20_000;
    private static final int RENEWED_KEYS_PER_WRITER = 40;
    /** At least 20 rotations (of 500 ms) happen while the writers run. */
    private static final long MIN_SIMULATED_MS = 10_000;

    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    /** A put value: the key and a version unique for that key. */
    record Put(String key, int version) {
    }

    private static final class Writer {
        final List<String> uniqueKeys = new ArrayList<>();
        /** Unique keys removed while live: their value must never be reported expired. */
        final List<String> removedLive = new ArrayList<>();
        final Map<String, Integer> lastVersion = new HashMap<>();
    }

    @Test
    void noEntryIsLostOrReportedTwiceUnderConcurrentUse() throws Exception {
        long seed = Long.getLong("gale.test.seed", System.nanoTime());
        SimulatedClock clock = new SimulatedClock().settleTimeout(Duration.ofSeconds(20));
        Map<Put, Integer> reported = new ConcurrentHashMap<>();
        AtomicBoolean wrongThread = new AtomicBoolean();
        try (TimeCacheMap<String, Integer> map = new TimeCacheMap<>(1, 3, (k, v) -> {
            reported.merge(new Put(k, v), 1, Integer::sum);
            if (!Thread.currentThread().getName().startsWith("gale-time-cache-map-expiry")) {
                wrongThread.set(true);
            }
        }, clock)) {
            CountDownLatch start = new CountDownLatch(1);
            AtomicBoolean writersDone = new AtomicBoolean();
            List<Future<Writer>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int id = w;
                writers.add(pool.submit(() -> write(map, clock, id, new SplittableRandom(seed + id), start)));
            }
            Future<?> driver = pool.submit(() -> {
                SplittableRandom random = new SplittableRandom(seed - 1);
                start.await();
                while (!writersDone.get()) {
                    clock.advanceMillis(1 + random.nextInt(40));
                }
                return null;
            });
            start.countDown();
            List<Writer> results = new ArrayList<>();
            for (Future<Writer> f : writers) {
                results.add(f.get(60, TimeUnit.SECONDS));
            }
            writersDone.set(true);
            driver.get(60, TimeUnit.SECONDS);
            clock.awaitSettled();

            String context = "seed " + seed;
            assertThat(clock.millis()).as(context).isGreaterThanOrEqualTo(MIN_SIMULATED_MS);
            assertThat(reported).as(context).isNotEmpty();
            assertThat(wrongThread).as(context).isFalse();
            assertThat(reported.values()).as(context + ": reported more than once").allMatch(n -> n == 1);
            int present = 0;
            for (Writer writer : results) {
                Set<String> removed = new HashSet<>(writer.removedLive);
                for (String key : writer.uniqueKeys) {
                    boolean live = map.containsKey(key);
                    boolean expired = reported.containsKey(new Put(key, 0));
                    if (removed.contains(key)) {
                        assertThat(live || expired).as(context + ": removed %s came back", key).isFalse();
                    } else {
                        assertThat(live ^ expired).as(context + ": %s live=%s expired=%s", key, live, expired)
                                .isTrue();
                    }
                    present += live ? 1 : 0;
                }
                for (Map.Entry<String, Integer> last : writer.lastVersion.entrySet()) {
                    String key = last.getKey();
                    Integer value = map.get(key);
                    boolean lastExpired = reported.containsKey(new Put(key, last.getValue()));
                    assertThat(value == null ? lastExpired : value.equals(last.getValue()) && !lastExpired)
                            .as(context + ": %s holds %s, last put %s, last reported %s",
                                    key, value, last.getValue(), lastExpired)
                            .isTrue();
                    present += value == null ? 0 : 1;
                }
            }
            assertThat(map.size()).as(context).isEqualTo(present);
            assertThat(map.indexedKeys()).as(context + ": dead keys left in the index").isEqualTo(present);
        }
    }

    /**
     * The expiry thread unindexes a dropped bucket in small locked chunks; a writer re-puts the
     * bucket's keys, last first, from the moment the bucket is detached, so most re-puts land
     * before their old node is unindexed. Each key must then hold its new value and its old one be
     * reported once.
     */
    @Test
    void keysPutAgainWhileTheirBucketIsBeingCleanedStay() throws Exception {
        int keys = 50_000;
        SimulatedClock clock = new SimulatedClock().settleTimeout(Duration.ofSeconds(20));
        Map<Put, Integer> reported = new ConcurrentHashMap<>();
        try (TimeCacheMap<Integer, Integer> map = new TimeCacheMap<>(1, 2,
                (k, v) -> reported.merge(new Put(String.valueOf(k), v), 1, Integer::sum), clock)) {
            for (int k = 0; k < keys; k++) {
                map.put(k, 0);
            }
            clock.advanceMillis(1_000);
            Future<?> writer = pool.submit(() -> {
                while (map.containsKey(0)) {
                    Thread.onSpinWait();
                }
                for (int k = keys - 1; k >= 0; k--) {
                    map.put(k, 1);
                }
            });
            clock.advanceMillis(1_000); // drops the bucket holding every key
            writer.get(60, TimeUnit.SECONDS);
            clock.awaitSettled();

            assertThat(map.size()).isEqualTo(keys);
            assertThat(map.indexedKeys()).isEqualTo(keys);
            for (int k = 0; k < keys; k++) {
                if (!Integer.valueOf(1).equals(map.get(k))) {
                    throw new AssertionError("key " + k + " holds " + map.get(k) + " instead of 1");
                }
            }
            assertThat(reported).hasSize(keys).allSatisfy((put, times) -> {
                assertThat(put.version()).isZero();
                assertThat(times).isEqualTo(1);
            });
        }
    }

    private static Writer write(TimeCacheMap<String, Integer> map, SimulatedClock clock, int id,
                                SplittableRandom random, CountDownLatch start) throws InterruptedException {
        Writer writer = new Writer();
        start.await();
        int version = 0;
        for (int op = 0; op < OPS_PER_WRITER || clock.millis() < MIN_SIMULATED_MS; op++) {
            int choice = random.nextInt(10);
            if (choice < 4) {
                String key = "w" + id + "-" + op;
                map.put(key, 0);
                writer.uniqueKeys.add(key);
            } else if (choice < 7) {
                String key = "r" + id + "-" + random.nextInt(RENEWED_KEYS_PER_WRITER);
                map.put(key, ++version);
                writer.lastVersion.put(key, version);
            } else if (choice < 8 && !writer.uniqueKeys.isEmpty()) {
                String key = writer.uniqueKeys.get(random.nextInt(writer.uniqueKeys.size()));
                if (map.remove(key) != null) {
                    writer.removedLive.add(key);
                }
            } else if (!writer.uniqueKeys.isEmpty()) {
                String key = writer.uniqueKeys.get(random.nextInt(writer.uniqueKeys.size()));
                Integer value = map.get(key);
                if (value != null && value != 0) {
                    throw new AssertionError("unique key " + key + " read as " + value);
                }
            }
        }
        return writer;
    }
}
