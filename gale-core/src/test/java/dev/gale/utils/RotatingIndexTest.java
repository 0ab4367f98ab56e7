package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lazy cleanup TimeCacheMap relies on: detach in O(1), unindex later, never wrongly. */
class RotatingIndexTest {

    private final RotatingIndex<String, Integer> index = new RotatingIndex<>(2);

    @Test
    void detachedEntriesAreDeadBeforeTheyAreUnindexed() {
        index.put("a", 1);
        index.put("b", 2);
        index.detachOldest();
        RotatingIndex.Node<String, Integer> dropped = index.detachOldest();

        assertThat(values(dropped)).containsExactly("a=1", "b=2");
        assertThat(index.get("a")).isNull();
        assertThat(index.containsKey("b")).isFalse();
        assertThat(index.size()).isZero();
        assertThat(index.indexedKeys()).isEqualTo(2);

        unindexAll(dropped);
        assertThat(index.indexedKeys()).isZero();
    }

    @Test
    void keyPutAgainBeforeCleanupStaysAndItsOldValueIsStillReported() {
        index.put("a", 1);
        index.detachOldest();
        RotatingIndex.Node<String, Integer> dropped = index.detachOldest();

        index.put("a", 2);
        unindexAll(dropped);

        assertThat(values(dropped)).containsExactly("a=1");
        assertThat(index.get("a")).isEqualTo(2);
        assertThat(index.size()).isEqualTo(1);
        assertThat(index.indexedKeys()).isEqualTo(1);
        // The new node is in the newest bucket, not in the dropped chain.
        index.detachOldest();
        assertThat(values(index.detachOldest())).containsExactly("a=2");
    }

    @Test
    void removingAnExpiredKeyBeforeCleanupReturnsNullAndLeavesTheChainIntact() {
        index.put("a", 1);
        index.put("b", 2);
        index.detachOldest();
        RotatingIndex.Node<String, Integer> dropped = index.detachOldest();

        assertThat(index.remove("a")).isNull();
        index.put("a", 3);
        unindexAll(dropped);

        assertThat(values(dropped)).containsExactly("a=1", "b=2");
        assertThat(index.get("a")).isEqualTo(3);
        assertThat(index.indexedKeys()).isEqualTo(1);
    }

    @Test
    void emptyBucketDetachesAsNull() {
        assertThat(index.detachOldest()).isNull();
        index.put("a", 1);
        assertThat(index.detachOldest()).isNull();
        assertThat(index.size()).isEqualTo(1);
    }

    private void unindexAll(RotatingIndex.Node<String, Integer> first) {
        for (RotatingIndex.Node<String, Integer> n = first; n != null; n = n.next) {
            index.unindex(n);
        }
    }

    private static List<String> values(RotatingIndex.Node<String, Integer> first) {
        List<String> out = new ArrayList<>();
        for (RotatingIndex.Node<String, Integer> n = first; n != null; n = n.next) {
            out.add(n.key + "=" + n.value);
        }
        return out;
    }
}
