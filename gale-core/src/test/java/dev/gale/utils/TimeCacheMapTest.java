package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimeCacheMapTest {

    private final SimulatedClock clock = new SimulatedClock().settleTimeout(Duration.ofSeconds(10));
    private final List<TimeCacheMap<?, ?>> maps = new ArrayList<>();
    /** What the callback saw, in order: key, value, simulated millis when it ran. */
    private final List<Expiry> expiries = new CopyOnWriteArrayList<>();

    record Expiry(String key, Integer value, long atMillis) {
    }

    @AfterEach
    void closeMaps() {
        maps.forEach(TimeCacheMap::close);
    }

    private <K, V> TimeCacheMap<K, V> track(TimeCacheMap<K, V> map) {
        maps.add(map);
        return map;
    }

    private TimeCacheMap<String, Integer> recordingMap(int expirationSecs, int numBuckets) {
        return track(new TimeCacheMap<>(expirationSecs, numBuckets,
                (k, v) -> expiries.add(new Expiry(k, v, clock.millis())), clock));
    }

    /**
     * Moves the clock like a real one would, in steps of 100 ms. (One big step wakes the expiry
     * thread once, like a thread that ran late: it rotates once and restarts its period.)
     */
    private void advance(long millis) {
        for (long left = millis; left > 0; left -= 100) {
            clock.advanceMillis(Math.min(100, left));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 0, -1})
    void rejectsFewerThanTwoBuckets(int numBuckets) {
        assertThatThrownBy(() -> new TimeCacheMap<String, Integer>(5, numBuckets, clock))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("numBuckets must be at least 2")
                .hasMessageContaining(String.valueOf(numBuckets));
    }

    @Test
    void rejectsAnExpirationUnderOneSecond() {
        assertThatThrownBy(() -> new TimeCacheMap<String, Integer>(0, clock))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expirationSecs must be at least 1, but was 0");
    }

    /**
     * Puts one key at every step of a whole rotation period and more, then checks each expired no
     * earlier than T and no later than T * (1 + 1/(n-1)) after its put, and that both ends of the
     * window are reached (so rotating every T/n, which expires early, would fail).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 10})
    void expiresBetweenTheExpirationAndOneRotationPeriodLater(int numBuckets) {
        int expirationSecs = 9; // every period below is a whole number of steps
        long expirationMs = expirationSecs * 1000L;
        long periodMs = expirationMs / (numBuckets - 1);
        long stepMs = 250;
        TimeCacheMap<String, Integer> map = recordingMap(expirationSecs, numBuckets);
        Map<String, Long> putAt = new HashMap<>();
        for (long t = 0; t <= 2 * periodMs; t += stepMs) {
            String key = "k" + t;
            map.put(key, (int) t);
            putAt.put(key, clock.millis());
            clock.advanceMillis(stepMs);
        }
        long latest = expirationMs + periodMs;
        for (long t = 0; t <= latest + stepMs; t += stepMs) {
            clock.advanceMillis(stepMs);
        }

        assertThat(expiries).extracting(Expiry::key).containsExactlyInAnyOrderElementsOf(putAt.keySet());
        long shortest = Long.MAX_VALUE;
        long longest = 0;
        for (Expiry e : expiries) {
            long lived = e.atMillis() - putAt.get(e.key());
            assertThat(lived).as("lifetime of %s", e.key()).isBetween(expirationMs, latest);
            assertThat(e.value()).isEqualTo(Integer.parseInt(e.key().substring(1)));
            shortest = Math.min(shortest, lived);
            longest = Math.max(longest, lived);
        }
        assertThat(shortest).isEqualTo(expirationMs + stepMs); // put one step before a rotation
        assertThat(longest).isEqualTo(latest); // put right after a rotation
        assertThat(map.size()).isZero();
    }

    @Test
    void rePutRenewsTheEntry() {
        TimeCacheMap<String, Integer> map = recordingMap(2, 2); // rotations every 2 s
        map.put("a", 1);
        advance(2_500);
        map.put("a", 2);
        advance(2_000); // past 4 s, when the first put would have expired
        assertThat(map.get("a")).isEqualTo(2);
        assertThat(expiries).isEmpty();
        advance(1_500);
        assertThat(map.get("a")).isNull();
        assertThat(expiries).containsExactly(new Expiry("a", 2, 6_000));
    }

    @Test
    void callbackGetsExactlyTheExpiredEntriesWithTheirLastValues() {
        TimeCacheMap<String, Integer> map = recordingMap(1, 3);
        map.put("a", 1);
        map.put("b", 2);
        map.put("c", 3);
        map.put("c", 4);
        assertThat(map.remove("b")).isEqualTo(2);
        assertThat(map.size()).isEqualTo(2);
        advance(1_000);
        assertThat(expiries).isEmpty();
        assertThat(map.containsKey("a")).isTrue();
        advance(500);
        assertThat(expiries).containsExactlyInAnyOrder(new Expiry("a", 1, 1_500), new Expiry("c", 4, 1_500));
        assertThat(map.get("a")).isNull();
        assertThat(map.containsKey("c")).isFalse();
        assertThat(map.remove("a")).isNull();
        assertThat(map.size()).isZero();
        assertThat(map.indexedKeys()).isZero();
    }

    @Test
    void callbacksRunOutsideTheLockSoTheMapStaysUsable() throws Exception {
        CountDownLatch inCallback = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TimeCacheMap<String, Integer> map = track(new TimeCacheMap<>(1, 2, (k, v) -> {
            inCallback.countDown();
            awaitRelease(release);
        }, clock));
        map.put("a", 1);
        CompletableFuture<Void> advancing = CompletableFuture.runAsync(() -> advance(2_000));
        assertThat(inCallback.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Integer> usage = CompletableFuture.supplyAsync(() -> {
            map.put("a", 2);
            map.put("b", 3);
            return map.get("a") + map.size();
        });
        assertThat(usage.get(10, TimeUnit.SECONDS)).isEqualTo(4);
        assertThat(advancing).isNotDone();
        release.countDown();
        advancing.get(10, TimeUnit.SECONDS);
        assertThat(map.get("a")).isEqualTo(2);
    }

    @Test
    void throwingCallbackIsLoggedAndExpiryCarriesOn() {
        TimeCacheMap<String, Integer> map = track(new TimeCacheMap<>(1, 2, (k, v) -> {
            if (k.startsWith("bad")) {
                throw new IllegalStateException("callback failure for " + k + " (expected by the test)");
            }
            expiries.add(new Expiry(k, v, clock.millis()));
        }, clock));
        map.put("bad1", 0);
        map.put("good1", 1);
        advance(1_000);
        map.put("bad2", 0);
        map.put("good2", 2);
        advance(1_000);
        advance(1_000);
        assertThat(expiries).extracting(Expiry::key).containsExactly("good1", "good2");
        assertThat(map.expiryThread().isAlive()).isTrue();
    }

    @Test
    void closeStopsTheThreadAndReleasesTheClock() {
        TimeCacheMap<String, Integer> map = recordingMap(1, 2);
        Thread thread = map.expiryThread();
        assertThat(thread.isDaemon()).isTrue();
        map.put("a", 1);
        map.close();
        map.close();
        map.cleanup();
        await().atMost(Duration.ofSeconds(10)).until(() -> !thread.isAlive());

        clock.settleTimeout(Duration.ofMillis(500)); // a waiter left open would now fail fast
        advance(5_000);
        assertThat(expiries).isEmpty();
        assertThat(map.get("a")).isEqualTo(1);
    }

    @Test
    void closeDuringACallbackStopsAfterIt() throws Exception {
        CountDownLatch inCallback = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TimeCacheMap<String, Integer> map = track(new TimeCacheMap<>(1, 2, (k, v) -> {
            inCallback.countDown();
            awaitRelease(release);
        }, clock));
        map.put("a", 1);
        CompletableFuture<Void> advancing = CompletableFuture.runAsync(() -> advance(2_000));
        assertThat(inCallback.await(10, TimeUnit.SECONDS)).isTrue();
        map.close();
        advancing.get(10, TimeUnit.SECONDS); // the closed waiter no longer holds the clock
        release.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> !map.expiryThread().isAlive());
    }

    @Test
    void everyConstructorWorksAndStormsCallbackTypeFits() {
        TimeCacheMap.ExpiredCallback<String, Integer> stormStyle = new TimeCacheMap.ExpiredCallback<>() {
            @Override
            public void expire(String key, Integer val) {
                expiries.add(new Expiry(key, val, clock.millis()));
            }
        };
        RotatingMap.ExpiredCallback<String, Integer> asRotating = stormStyle;
        List<TimeCacheMap<String, Integer>> all = List.of(
                track(new TimeCacheMap<>(1, 3, stormStyle, clock)),
                track(new TimeCacheMap<>(1, asRotating, clock)),
                track(new TimeCacheMap<String, Integer>(1, 3, clock)),
                track(new TimeCacheMap<String, Integer>(1, clock)));
        for (int i = 0; i < all.size(); i++) {
            all.get(i).put("m" + i, i);
        }
        clock.advanceMillis(500);
        clock.advanceMillis(500);
        assertThat(all).allSatisfy(m -> assertThat(m.size()).isEqualTo(1));
        clock.advanceMillis(500); // three buckets by default: 1.5 s
        assertThat(all).allSatisfy(m -> assertThat(m.size()).isZero());
        assertThat(expiries).extracting(Expiry::key).containsExactlyInAnyOrder("m0", "m1");

        try (TimeCacheMap<String, Integer> a = new TimeCacheMap<>(60, 4, stormStyle);
             TimeCacheMap<String, Integer> b = new TimeCacheMap<>(60, stormStyle);
             TimeCacheMap<String, Integer> c = new TimeCacheMap<>(60, 4);
             TimeCacheMap<String, Integer> d = new TimeCacheMap<>(60)) {
            for (TimeCacheMap<String, Integer> m : List.of(a, b, c, d)) {
                m.put("x", 1);
                assertThat(m.get("x")).isEqualTo(1);
                assertThat(m.expiryThread().isAlive()).isTrue();
            }
        }
    }

    @Test
    void keyPutAgainFromTheCallbackLivesOn() {
        List<TimeCacheMap<String, Integer>> self = new ArrayList<>();
        TimeCacheMap<String, Integer> map = track(new TimeCacheMap<>(1, 2, (k, v) -> {
            expiries.add(new Expiry(k, v, clock.millis()));
            if (v < 2) {
                self.get(0).put(k, v + 1);
            }
        }, clock));
        self.add(map);
        map.put("a", 0);
        advance(6_000);
        assertThat(expiries).extracting(Expiry::value).containsExactly(0, 1, 2);
        assertThat(map.size()).isZero();
        assertThat(map.indexedKeys()).isZero();
    }

    /**
     * Random operations and random clock steps against the reference model, rotated whenever the
     * clock passes the model's deadline (a rotation restarts the period, as the thread does).
     */
    @Test
    void behavesLikeAListOfHashMapsRotatedOnTime() {
        Seeds.forEach(23, 150, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            SimulatedClock time = new SimulatedClock(random.nextLong(1L << 40))
                    .settleTimeout(Duration.ofSeconds(10));
            int expirationSecs = 1 + random.nextInt(3);
            int numBuckets = 2 + random.nextInt(4);
            long periodNanos = -Math.floorDiv(-expirationSecs * 1_000_000_000L, numBuckets - 1L);
            long periodMs = periodNanos / 1_000_000L;
            List<Map.Entry<Integer, Integer>> reported = new CopyOnWriteArrayList<>();
            ReferenceRotatingMap<Integer, Integer> model = new ReferenceRotatingMap<>(numBuckets);
            try (TimeCacheMap<Integer, Integer> map = new TimeCacheMap<>(expirationSecs, numBuckets,
                    (k, v) -> reported.add(Map.entry(k, v)), time)) {
                long deadline = time.nanos() + periodNanos;
                int keySpace = 1 + random.nextInt(20);
                int ops = 50 + random.nextInt(150);
                for (int op = 0; op < ops; op++) {
                    Integer key = random.nextInt(keySpace);
                    String step = "op " + op + " on key " + key;
                    switch (random.nextInt(6)) {
                        case 0, 1 -> {
                            int value = random.nextInt(1000);
                            map.put(key, value);
                            model.put(key, value);
                        }
                        case 2 -> assertThat(map.get(key)).as(step).isEqualTo(model.get(key));
                        case 3 -> assertThat(map.containsKey(key)).as(step).isEqualTo(model.containsKey(key));
                        case 4 -> assertThat(map.remove(key)).as(step).isEqualTo(model.remove(key));
                        default -> {
                            reported.clear();
                            time.advanceMillis(random.nextLong(periodMs * 3 / 2 + 1));
                            Map<Integer, Integer> expected = Map.of();
                            if (time.nanos() >= deadline) {
                                expected = model.rotate();
                                deadline = time.nanos() + periodNanos;
                            }
                            assertThat(reported).as(step).hasSize(expected.size());
                            Map<Integer, Integer> got = new HashMap<>();
                            reported.forEach(e -> got.put(e.getKey(), e.getValue()));
                            assertThat(got).as(step).isEqualTo(expected);
                        }
                    }
                    assertThat(map.size()).as(step).isEqualTo(model.size());
                }
            }
        });
    }

    private static void awaitRelease(CountDownLatch latch) {
        try {
            if (!latch.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("test latch never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
