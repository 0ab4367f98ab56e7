package dev.gale.windowing.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.windowing.persistence.WindowPartitionCache.RemovalCause;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The partition cache of persistent windows: which entry it evicts, and what pins keep. */
class SimpleWindowPartitionCacheTest {
    private final List<String> removals = new ArrayList<>();
    private final List<Long> loads = new ArrayList<>();

    private SimpleWindowPartitionCache<Long, String> cacheOf(long size) {
        return SimpleWindowPartitionCache.<Long, String>newBuilder()
                .maximumSize(size)
                .removalListener((key, value, cause) -> removals.add(key + "=" + value + " " + cause))
                .build(key -> {
                    loads.add(key);
                    return "p" + key;
                });
    }

    @Test
    void whenFullTheUnpinnedEntryWithTheLargestKeyMakesRoom() {
        SimpleWindowPartitionCache<Long, String> cache = cacheOf(3);
        cache.pinAndGet(3L);
        cache.get(1L);
        cache.get(2L);

        assertThat(cache.get(4L)).isEqualTo("p4");

        assertThat(removals).containsExactly("2=p2 " + RemovalCause.REPLACED);
        assertThat(cache.asMap()).containsOnlyKeys(1L, 3L, 4L);
    }

    @Test
    void aCachedEntryIsNotLoadedAgain() {
        SimpleWindowPartitionCache<Long, String> cache = cacheOf(2);
        cache.get(1L);
        cache.pinAndGet(1L);
        cache.get(1L);
        assertThat(loads).containsExactly(1L);
    }

    @Test
    void anEntryPinnedTwiceStaysPinnedUntilUnpinnedTwice() {
        SimpleWindowPartitionCache<Long, String> cache = cacheOf(1);
        cache.pinAndGet(5L);
        cache.pinAndGet(5L);

        assertThat(cache.unpin(5L)).isTrue();
        cache.invalidate(5L);
        assertThat(cache.asMap()).containsOnlyKeys(5L);

        assertThat(cache.unpin(5L)).isTrue();
        assertThat(cache.unpin(5L)).isFalse();
        cache.invalidate(5L);
        assertThat(cache.asMap()).isEmpty();
        assertThat(removals).containsExactly("5=p5 " + RemovalCause.EXPLICIT);
    }

    @Test
    void unpinningAKeyNeverPinnedSaysSo() {
        assertThat(cacheOf(2).unpin(9L)).isFalse();
    }

    @Test
    void aLoaderThatFindsNothingIsAnError() {
        SimpleWindowPartitionCache<Long, String> cache = SimpleWindowPartitionCache.<Long, String>newBuilder()
                .maximumSize(2).build(key -> null);
        assertThatThrownBy(() -> cache.get(1L)).isInstanceOf(NullPointerException.class).hasMessageContaining("1");
    }
}
