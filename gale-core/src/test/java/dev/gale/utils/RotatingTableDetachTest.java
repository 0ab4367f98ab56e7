package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The split rotation TimeCacheMap relies on: detach a generation at once, unindex it chunk by
 * chunk later, and never lose or resurrect an entry in between.
 */
class RotatingTableDetachTest {

    private final RotatingTable<String, Integer> table = new RotatingTable<>(2);

    @Test
    void detachedEntriesAreDeadBeforeTheyAreUnindexed() {
        table.put("a", 1);
        table.put("b", 2);
        table.detachOldest();
        RotatingTable.Chunk dropped = table.detachOldest();

        assertThat(values(dropped)).containsExactly("a=1", "b=2");
        assertThat(table.get("a")).isNull();
        assertThat(table.containsKey("b")).isFalse();
        assertThat(table.size()).isZero();
        assertThat(table.indexedKeys()).isEqualTo(2);

        unindexAll(dropped);
        assertThat(table.indexedKeys()).isZero();
        assertThat(values(dropped)).as("unindexing leaves the entries readable").containsExactly("a=1", "b=2");
    }

    @Test
    void keyPutAgainBeforeCleanupStaysAndItsOldValueIsStillReported() {
        table.put("a", 1);
        table.detachOldest();
        RotatingTable.Chunk dropped = table.detachOldest();

        table.put("a", 2);
        assertThat(table.indexedKeys()).isEqualTo(2);
        unindexAll(dropped);

        assertThat(values(dropped)).containsExactly("a=1");
        assertThat(table.get("a")).isEqualTo(2);
        assertThat(table.size()).isEqualTo(1);
        assertThat(table.indexedKeys()).isEqualTo(1);
        // The new entry is in the newest generation, not in the dropped one.
        table.detachOldest();
        assertThat(values(table.detachOldest())).containsExactly("a=2");
    }

    @Test
    void removingAnExpiredKeyBeforeCleanupReturnsNullAndLeavesTheGenerationIntact() {
        table.put("a", 1);
        table.put("b", 2);
        table.detachOldest();
        RotatingTable.Chunk dropped = table.detachOldest();

        assertThat(table.remove("a")).isNull();
        table.put("a", 3);
        unindexAll(dropped);

        assertThat(values(dropped)).containsExactly("a=1", "b=2");
        assertThat(table.get("a")).isEqualTo(3);
        assertThat(table.indexedKeys()).isEqualTo(1);
    }

    @Test
    void emptyGenerationDetachesAsNull() {
        assertThat(table.detachOldest()).isNull();
        table.put("a", 1);
        assertThat(table.detachOldest()).isNull();
        assertThat(table.size()).isEqualTo(1);
    }

    /**
     * Random puts, renewals and removals of colliding keys interleaved with detaches whose
     * unindexing lags (one chunk at a time, between other operations): live reads match a model,
     * every detached generation reports exactly what the model expired, in put order, and the
     * index ends holding exactly the live keys. Many entries per generation span several chunks.
     */
    @Test
    void laggingUnindexingMatchesTheModel() {
        Seeds.forEach(29, 200, seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            int numBuckets = 2 + random.nextInt(4);
            RotatingTable<CollidingKey, Integer> table = new RotatingTable<>(numBuckets);
            ReferenceRotatingMap<CollidingKey, Integer> model = new ReferenceRotatingMap<>(numBuckets);
            int keySpace = 1 + random.nextInt(5000);
            int hashes = 1 + random.nextInt(256);
            List<RotatingTable.Chunk> toUnindex = new ArrayList<>();
            int ops = 2000 + random.nextInt(6000);
            for (int op = 0; op < ops; op++) {
                int id = random.nextInt(keySpace);
                CollidingKey key = new CollidingKey(id, id % hashes);
                String step = "seed " + seed + " op " + op + " on " + key;
                int dice = random.nextInt(1000);
                if (dice < 3) {
                    RotatingTable.Chunk first = table.detachOldest();
                    List<String> reported = new ArrayList<>();
                    RotatingTable.<CollidingKey, Integer>forEach(first, (k, v) -> reported.add(k + "=" + v));
                    List<String> expected = new ArrayList<>();
                    model.rotate().forEach((k, v) -> expected.add(k + "=" + v));
                    assertThat(reported).as(step).containsExactlyElementsOf(expected);
                    if (first != null) {
                        toUnindex.add(first);
                    }
                } else if (dice < 80 && !toUnindex.isEmpty()) {
                    RotatingTable.Chunk next = table.unindex(toUnindex.get(0));
                    if (next == null) {
                        toUnindex.remove(0);
                    } else {
                        toUnindex.set(0, next);
                    }
                } else if (dice < 600) {
                    table.put(key, op);
                    model.put(key, op);
                } else if (dice < 800) {
                    assertThat(table.remove(key)).as(step).isEqualTo(model.remove(key));
                } else {
                    assertThat(table.get(key)).as(step).isEqualTo(model.get(key));
                    assertThat(table.containsKey(key)).as(step).isEqualTo(model.containsKey(key));
                }
                assertThat(table.size()).as(step).isEqualTo(model.size());
            }
            for (RotatingTable.Chunk c : toUnindex) {
                while (c != null) {
                    c = table.unindex(c);
                }
            }
            assertThat(table.indexedKeys()).isEqualTo(model.size());
        });
    }

    private void unindexAll(RotatingTable.Chunk first) {
        for (RotatingTable.Chunk c = first; c != null; ) {
            c = table.unindex(c);
        }
    }

    private static List<String> values(RotatingTable.Chunk first) {
        List<String> out = new ArrayList<>();
        RotatingTable.<String, Integer>forEach(first, (k, v) -> out.add(k + "=" + v));
        return out;
    }
}
