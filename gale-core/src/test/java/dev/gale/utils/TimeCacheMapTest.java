package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.time.Clock;
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

    private void advance(long millis) {
        clock.advanceMillis(millis);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 0, -1})
    void rejectsFewerThanTwoBuckets(int numBuckets) {
        assertThatThrownBy(() -> new TimeCacheMap<String, Integer>(5, numBuckets, null, clock))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("numBuckets must be at least 2")
                .hasMessageContaining(String.valueOf(numBuckets));
    }

    @Test
    void rejectsAnExpirationUnderOneSecond() {
        assertThatThrownBy(() -> new TimeCacheMap<String, Integer>(0, null, clock))
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
                track(new TimeCacheMap<String, Integer>(1, 3, null, clock)),
                track(new TimeCacheMap<String, Integer>(1, null, clock)));
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
             TimeCacheMap<String, Integer> d = new TimeCacheMap<>(60);
             // Storm code may pass a null callback explicitly: no overload may make that ambiguous.
             TimeCacheMap<String, Integer> e = new TimeCacheMap<>(60, null);
             TimeCacheMap<String, Integer> f = new TimeCacheMap<>(60, 4, null)) {
            for (TimeCacheMap<String, Integer> m : List.of(a, b, c, d, e, f)) {
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
        for (int second = 1; second <= 6; second++) {
            advance(1_000);
        }
        assertThat(expiries).containsExactly(
                new Expiry("a", 0, 2_000), new Expiry("a", 1, 4_000), new Expiry("a", 2, 6_000));
        assertThat(map.size()).isZero();
        assertThat(map.indexedKeys()).isZero();
    }

    /**
     * One advance of the clock, however large, applies every rotation due: an entry put at 0
     * expires at the upper bound even when the clock jumps there at once, and an entry put right
     * after the jump lives its whole lifetime from then.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5})
    void oneLargeAdvanceAppliesEveryRotationDue(int numBuckets) {
        int expirationSecs = 12; // a whole number of milliseconds per period for these n
        long periodMs = expirationSecs * 1000L / (numBuckets - 1);
        long latestMs = expirationSecs * 1000L + periodMs;
        TimeCacheMap<String, Integer> map = recordingMap(expirationSecs, numBuckets);
        map.put("a", 1);
        advance(latestMs - 1);
        assertThat(map.get("a")).isEqualTo(1);
        advance(1);
        assertThat(map.get("a")).isNull();
        assertThat(expiries).containsExactly(new Expiry("a", 1, latestMs));

        map.put("b", 2);
        map.put("c", 3);
        advance(50 * latestMs); // many times more rotations than buckets
        assertThat(expiries).extracting(Expiry::key).containsExactly("a", "b", "c");
        assertThat(map.size()).isZero();
        assertThat(map.indexedKeys()).isZero();

        assertThat(clock.millis() % periodMs).as("on a rotation: d has the longest life").isZero();
        map.put("d", 4);
        advance(latestMs - 1);
        assertThat(map.get("d")).as("alive just before its bucket is due").isEqualTo(4);
        advance(1);
        assertThat(map.get("d")).isNull();
    }

    /**
     * The bound holds even when the expiry thread never runs (here its clock never wakes it):
     * every operation applies the rotations due by its own reading of the clock, so nothing is
     * seen after its bucket is due, and a put made while a rotation is overdue is not aged by it.
     */
    @Test
    void expiryIsExactWhenTheExpiryThreadNeverRuns() {
        StalledClock stalled = new StalledClock();
        try (TimeCacheMap<String, Integer> map = new TimeCacheMap<>(10, 3, null, stalled)) {
            map.put("a", 1); // rotations due at 5, 10, 15, ... s
            stalled.nowMillis = 14_999;
            assertThat(map.get("a")).isEqualTo(1);
            stalled.nowMillis = 15_000;
            assertThat(map.containsKey("a")).isFalse();
            assertThat(map.size()).isZero();

            stalled.nowMillis = 20_500; // the rotation due at 20 s is overdue: the put applies it first
            map.put("b", 2);
            stalled.nowMillis = 34_999;
            assertThat(map.get("b")).as("14.5 s after its put").isEqualTo(2);
            stalled.nowMillis = 35_000;
            assertThat(map.get("b")).isNull();

            stalled.nowMillis = 35_001; // just after the rotation due at 35 s
            map.put("c", 3);
            stalled.nowMillis = 49_999;
            assertThat(map.remove("c")).as("the longest lifetime, 15 s").isEqualTo(3);
        }
    }

    /** A clock moved by assignment whose waiters never wake, as if the expiry thread starved. */
    private static final class StalledClock implements Clock {
        volatile long nowMillis;

        @Override
        public long millis() {
            return nowMillis;
        }

        @Override
        public long nanos() {
            return nowMillis * 1_000_000L;
        }

        @Override
        public Waiter newWaiter(String name) {
            return new Waiter() {
                private final CountDownLatch closed = new CountDownLatch(1);

                @Override
                public boolean awaitNanos(long deadlineNanos) throws InterruptedException {
                    closed.await();
                    return false;
                }

                @Override
                public void wakeUp() {
                }

                @Override
                public void close() {
                    closed.countDown();
                }
            };
        }
    }

    /**
     * Random operations and random clock steps (from none to more than a whole lifetime at once)
     * against the reference model, rotated once per period on the fixed schedule.
     */
    @Test
    void behavesLikeAListOfHashMapsRotatedOnTime() {
        Seeds.forEach(23, 2000, seed -> {
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
                int ops = 20 + random.nextInt(100);
                for (int op = 0; op < ops; op++) {
                    Integer key = random.nextInt(keySpace);
                    String step = "seed " + seed + " op " + op + " on key " + key;
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
                            long maxStep = random.nextInt(8) == 0 ? (numBuckets + 2) * periodMs : periodMs * 3 / 2;
                            time.advanceMillis(random.nextLong(maxStep + 1));
                            List<Map.Entry<Integer, Integer>> expected = new ArrayList<>();
                            for (; time.nanos() >= deadline; deadline += periodNanos) {
                                expected.addAll(model.rotate().entrySet());
                            }
                            assertThat(reported).as(step).containsExactlyInAnyOrderElementsOf(expected);
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
