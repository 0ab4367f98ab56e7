package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What the open-addressing table behind RotatingMap must get right beyond the small random runs of
 * RotatingMapTest: long probe runs, wrap-around at the end of the table, growth and shrinking,
 * the null key, and the lazily built result of a rotation.
 */
class RotatingTableTest {


    @Test
    void matchesTheModelWithCollidingKeysThroughGrowthAndShrinking() {
        Seeds.forEach(23, 300, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            int numBuckets = 2 + random.nextInt(4);
            int keySpace = 1 + random.nextInt(2000);
            int hashes = 1 + random.nextInt(64);
            RotatingMap<CollidingKey, Integer> map = new RotatingMap<>(numBuckets);
            ReferenceRotatingMap<CollidingKey, Integer> model = new ReferenceRotatingMap<>(numBuckets);
            int ops = 500 + random.nextInt(3000);
            // Phases of mostly puts, then mostly removals, so the table both grows and shrinks.
            for (int op = 0; op < ops; op++) {
                boolean filling = (op / 400) % 2 == 0;
                int id = random.nextInt(keySpace);
                CollidingKey key = new CollidingKey(id, id % hashes);
                String step = "op " + op + " on " + key;
                int dice = random.nextInt(20);
                if (dice == 0) {
                    assertThat(map.rotate()).as(step).isEqualTo(model.rotate());
                } else if (dice < (filling ? 12 : 4)) {
                    map.put(key, op);
                    model.put(key, op);
                } else if (dice < 16) {
                    assertThat(map.remove(key)).as(step).isEqualTo(model.remove(key));
                } else {
                    assertThat(map.get(key)).as(step).isEqualTo(model.get(key));
                    assertThat(map.containsKey(key)).as(step).isEqualTo(model.containsKey(key));
                }
                assertThat(map.size()).as(step).isEqualTo(model.size());
            }
            for (int r = 0; r < numBuckets; r++) {
                assertThat(map.rotate()).isEqualTo(model.rotate());
            }
            assertThat(map.size()).isZero();
        });
    }

    /**
     * Short-lived entries leave holes in the chunk being filled, which is then compacted in place:
     * the survivors' index slots (here in long runs of colliding hashes) must follow them, and a
     * renewal from an older generation must move its entry to the newest one.
     */
    @Test
    void compactionAndRenewalKeepEveryEntryFindable() {
        RotatingTable<CollidingKey, Integer> table = new RotatingTable<>(3);
        Map<CollidingKey, Integer> model = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            CollidingKey survivor = new CollidingKey(2 * i, i % 7);
            CollidingKey shortLived = new CollidingKey(2 * i + 1, i % 7);
            table.put(shortLived, -i);
            table.put(survivor, i);
            model.put(survivor, i);
            assertThat(table.remove(shortLived)).isEqualTo(-i);
            if (i % 1000 == 999) {
                model.forEach((k, v) -> assertThat(table.get(k)).as("%s", k).isEqualTo(v));
            }
        }
        assertThat(table.size()).isEqualTo(model.size());
        table.rotate((k, v) -> { });
        CollidingKey renewed = new CollidingKey(0, 0);
        table.put(renewed, 42); // from the first generation to the second
        table.rotate((k, v) -> { });
        Map<CollidingKey, Integer> expired = new HashMap<>();
        table.rotate(expired::put);
        model.remove(renewed);
        assertThat(expired).isEqualTo(model);
        assertThat(table.size()).isEqualTo(1);
        assertThat(table.get(renewed)).isEqualTo(42);
    }

    @Test
    void shrinksAfterABurstSoRotationsScanLittle() {
        RotatingTable<Integer, Integer> table = new RotatingTable<>(2);
        for (int i = 0; i < 100_000; i++) {
            table.put(i, i);
        }
        int burstCapacity = table.capacity();
        table.rotate((k, v) -> { });
        table.put(-1, -1);
        assertThat(table.rotate((k, v) -> { })).isEqualTo(100_000);
        assertThat(table.capacity()).isLessThan(burstCapacity / 100);
        assertThat(table.get(-1)).isEqualTo(-1);
    }

    @Test
    void nullKeyIsAnOrdinaryKey() {
        RotatingMap<String, Integer> map = new RotatingMap<>(2);
        map.put(null, 1);
        map.put("a", 2);
        assertThat(map.containsKey(null)).isTrue();
        assertThat(map.get(null)).isEqualTo(1);
        map.rotate();
        Map<String, Integer> expired = map.rotate();
        assertThat(expired).containsOnly(Map.entry("a", 2), new AbstractMap.SimpleEntry<>(null, 1));
        assertThat(map.containsKey(null)).isFalse();
        map.put(null, 3);
        assertThat(map.remove(null)).isEqualTo(3);
        assertThat(map.size()).isZero();
    }

    @Test
    void rotationResultIsAnOrdinaryMutableMap() {
        RotatingMap<String, Integer> map = new RotatingMap<>(2);
        for (int i = 0; i < 100; i++) {
            map.put("k" + i, i);
        }
        map.rotate();
        Map<String, Integer> expired = map.rotate();
        assertThat(expired).hasSize(100);
        Map<String, Integer> expected = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            expected.put("k" + i, i);
        }
        assertThat(expired).isEqualTo(expected);
        assertThat(expected).isEqualTo(expired);
        assertThat(expired.hashCode()).isEqualTo(expected.hashCode());
        assertThat(expired.get("k7")).isEqualTo(7);
        assertThat(expired.remove("k7")).isEqualTo(7);
        expired.put("new", -1);
        assertThat(expired).hasSize(100).containsEntry("new", -1).doesNotContainKey("k7");
        assertThat(map.size()).isZero();
    }

    @Test
    void renewingInPlaceAllocatesNothing() {
        RotatingMap<Integer, Integer> map = new RotatingMap<>(3);
        Integer key = 1_000_000;
        Integer value = 2_000_000;
        map.put(key, value);
        ThreadMXBean threads =
                (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (int i = 0; i < 20_000; i++) {
            map.put(key, value);
            map.get(key);
        }
        long before = threads.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 100_000; i++) {
            map.put(key, value);
            map.get(key);
        }
        long allocated = threads.getThreadAllocatedBytes(tid) - before;
        assertThat(allocated).as("bytes allocated by 100k renewals").isLessThan(10_000);
    }

    @Test
    void removingTheNewestEntriesGivesBackTheTailWithoutLosingOthers() {
        RotatingTable<Integer, Integer> table = new RotatingTable<>(3);
        Map<Integer, Integer> expired = new HashMap<>();
        for (int round = 0; round < 5_000; round++) {
            table.put(round, round);                  // a long-lived entry
            table.put(-1 - round, 0);                 // short-lived: removed at once, from the tail
            table.put(1_000_000 + round, 0);          // short-lived: removed after the next one,
            table.put(2_000_000 + round, 0);          // so a hole lies just before the tail
            table.remove(1_000_000 + round);
            table.remove(2_000_000 + round);
            assertThat(table.remove(-1 - round)).isEqualTo(0);
            if (round % 1_000 == 999) {
                table.rotate((k, v) -> expired.put(k, v));
            }
        }
        // Rotations 1..5 ran after rounds 999..4999, so rounds 0..999 were put in generation 0,
        // 1000..1999 in generation 1, and so on; with 3 buckets rotation 5 leaves generations 3
        // and 4 (rounds 3000..4999) and has expired the rest.
        for (int round = 0; round < 5_000; round++) {
            boolean present = round >= 3_000;
            assertThat(table.get(round)).as("entry %d", round).isEqualTo(present ? round : null);
            assertThat(expired.containsKey(round)).as("expired %d", round).isEqualTo(!present);
        }
        assertThat(table.size()).isEqualTo(2_000);
        assertThat(expired).hasSize(3_000);
    }
}
