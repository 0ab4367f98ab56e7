package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RotatingMapTest {

    private final Map<String, Integer> expired = new LinkedHashMap<>();

    private RotatingMap<String, Integer> recordingMap(int numBuckets) {
        return new RotatingMap<>(numBuckets, expired::put);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 0, -3})
    void rejectsFewerThanTwoBucketsSayingWhatWasGiven(int numBuckets) {
        assertThatThrownBy(() -> new RotatingMap<String, Integer>(numBuckets))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("numBuckets must be at least 2")
                .hasMessageContaining(String.valueOf(numBuckets));
        assertThatThrownBy(() -> new RotatingMap<String, Integer>(numBuckets, (k, v) -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void defaultsToThreeBuckets() {
        RotatingMap<String, Integer> map = new RotatingMap<>(expired::put);
        map.put("a", 1);
        map.rotate();
        map.rotate();
        assertThat(map.containsKey("a")).isTrue();
        assertThat(map.rotate()).containsExactly(Map.entry("a", 1));
        assertThat(expired).containsExactly(Map.entry("a", 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 10})
    void entryExpiresOnTheNumBucketsThRotationAfterItsPut(int numBuckets) {
        RotatingMap<String, Integer> map = recordingMap(numBuckets);
        map.put("a", 1);
        for (int i = 1; i < numBuckets; i++) {
            assertThat(map.rotate()).as("rotation %d", i).isEmpty();
            assertThat(map.get("a")).isEqualTo(1);
        }
        assertThat(map.rotate()).containsExactly(Map.entry("a", 1));
        assertThat(map.containsKey("a")).isFalse();
        assertThat(map.get("a")).isNull();
        assertThat(map.size()).isZero();
        assertThat(expired).containsExactly(Map.entry("a", 1));
    }

    /**
     * With a rotation every {@code P} ms at R0 = 0, R1 = P, ...: a put 1 ms after R0 expires at
     * R(n), the numBuckets-th rotation after it, having lived {@code nP - 1}; a put 1 ms before
     * R1 expires at R(n) too, the (numBuckets-1)-th rotation after R1, having lived
     * {@code (n-1)P + 1}: the two ends of a timed map's lifetime window.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 10})
    void putJustAfterARotationLivesNumBucketsPeriodsJustBeforeOneLivesOneLess(int numBuckets) {
        long periodMs = 1000;
        Map<String, Long> putAt = new HashMap<>();
        Map<String, Long> lifetimes = new HashMap<>();
        long[] now = {0};
        RotatingMap<String, Long> map = new RotatingMap<>(numBuckets,
                (k, v) -> lifetimes.put(k, now[0] - putAt.get(k)));
        for (now[0] = 0; now[0] <= (numBuckets + 1) * periodMs; now[0]++) {
            if (now[0] % periodMs == 0) {
                map.rotate();
            }
            if (now[0] == 1) {
                putAt.put("justAfterR0", now[0]);
                map.put("justAfterR0", now[0]);
            } else if (now[0] == periodMs - 1) {
                putAt.put("justBeforeR1", now[0]);
                map.put("justBeforeR1", now[0]);
            }
        }
        assertThat(lifetimes).containsOnly(
                Map.entry("justAfterR0", numBuckets * periodMs - 1),
                Map.entry("justBeforeR1", (numBuckets - 1) * periodMs + 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5})
    void rePutRenewsTheEntryAndKeepsTheNewValue(int numBuckets) {
        RotatingMap<String, Integer> map = recordingMap(numBuckets);
        map.put("a", 1);
        for (int i = 1; i < numBuckets; i++) {
            map.rotate();
        }
        map.put("a", 2);
        assertThat(map.size()).isEqualTo(1);
        for (int i = 1; i < numBuckets; i++) {
            assertThat(map.rotate()).isEmpty();
        }
        assertThat(map.get("a")).isEqualTo(2);
        assertThat(map.rotate()).containsExactly(Map.entry("a", 2));
        assertThat(expired).containsExactly(Map.entry("a", 2));
    }

    @Test
    void rotateReturnsAndReportsExactlyTheOldestBucket() {
        RotatingMap<String, Integer> map = recordingMap(3);
        map.put("a", 1);
        map.put("b", 2);
        map.rotate();
        map.put("c", 3);
        map.rotate();
        map.put("d", 4);
        assertThat(map.size()).isEqualTo(4);

        assertThat(map.rotate()).containsOnly(Map.entry("a", 1), Map.entry("b", 2));
        assertThat(expired).containsOnly(Map.entry("a", 1), Map.entry("b", 2));
        assertThat(map.size()).isEqualTo(2);

        expired.clear();
        assertThat(map.rotate()).containsOnly(Map.entry("c", 3));
        assertThat(expired).containsOnly(Map.entry("c", 3));
        assertThat(map.get("d")).isEqualTo(4);
    }

    @Test
    void removeReturnsTheValueAndTheEntryIsNeverReported() {
        RotatingMap<String, Integer> map = recordingMap(2);
        map.put("a", 1);
        map.rotate();
        map.put("b", 2);
        assertThat(map.remove("a")).isEqualTo(1);
        assertThat(map.remove("a")).isNull();
        assertThat(map.remove("never")).isNull();
        assertThat(map.size()).isEqualTo(1);
        assertThat(map.rotate()).isEmpty();
        assertThat(map.rotate()).containsExactly(Map.entry("b", 2));
        assertThat(expired).containsExactly(Map.entry("b", 2));
    }

    @Test
    void expiredEntryIsGoneForEveryOperation() {
        RotatingMap<String, Integer> map = new RotatingMap<>(2);
        map.put("a", 1);
        map.rotate();
        map.rotate();
        assertThat(map.get("a")).isNull();
        assertThat(map.containsKey("a")).isFalse();
        assertThat(map.remove("a")).isNull();
        assertThat(map.size()).isZero();
        map.put("a", 5);
        assertThat(map.get("a")).isEqualTo(5);
    }

    @Test
    void nullValuesAreStoredLikeInAHashMap() {
        RotatingMap<String, Integer> map = new RotatingMap<>(2);
        map.put("a", null);
        assertThat(map.containsKey("a")).isTrue();
        assertThat(map.size()).isEqualTo(1);
        Map<String, Integer> dead = new HashMap<>();
        dead.put("a", null);
        map.rotate();
        assertThat(map.rotate()).isEqualTo(dead);
    }

    @Test
    void callbackMayPutTheExpiredKeyBack() {
        AtomicReference<RotatingMap<String, Integer>> self = new AtomicReference<>();
        RotatingMap<String, Integer> map = new RotatingMap<>(2, (k, v) -> self.get().put(k, v + 10));
        self.set(map);
        map.put("a", 1);
        map.put("b", 2);
        map.rotate();
        assertThat(map.rotate()).containsOnly(Map.entry("a", 1), Map.entry("b", 2));
        assertThat(map.get("a")).isEqualTo(11);
        assertThat(map.get("b")).isEqualTo(12);
        assertThat(map.size()).isEqualTo(2);
    }

    @Test
    void callbackExceptionPropagatesAfterTheRotationIsDone() {
        RotatingMap<String, Integer> map = new RotatingMap<>(2, (k, v) -> {
            throw new IllegalStateException("boom " + k);
        });
        map.put("a", 1);
        map.rotate();
        assertThatThrownBy(map::rotate).hasMessage("boom a");
        assertThat(map.containsKey("a")).isFalse();
        assertThat(map.size()).isZero();
    }

    @Test
    void behavesLikeAListOfHashMapsOverRandomOperations() {
        Seeds.forEach(11, 3000, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            int numBuckets = 2 + random.nextInt(5);
            int keySpace = 1 + random.nextInt(24);
            List<Map.Entry<Integer, Integer>> reported = new ArrayList<>();
            RotatingMap<Integer, Integer> map =
                    new RotatingMap<>(numBuckets, (k, v) -> reported.add(Map.entry(k, v)));
            ReferenceRotatingMap<Integer, Integer> model = new ReferenceRotatingMap<>(numBuckets);
            int ops = 50 + random.nextInt(250);
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
                        Map<Integer, Integer> expected = model.rotate();
                        assertThat(map.rotate()).as(step).isEqualTo(expected);
                        assertThat(reported).as(step).hasSize(expected.size());
                        assertThat(new HashMap<>(toMap(reported))).as(step).isEqualTo(expected);
                    }
                }
                assertThat(map.size()).as(step).isEqualTo(model.size());
            }
        });
    }

    private static Map<Integer, Integer> toMap(List<Map.Entry<Integer, Integer>> entries) {
        Map<Integer, Integer> map = new HashMap<>();
        entries.forEach(e -> map.put(e.getKey(), e.getValue()));
        return map;
    }
}
