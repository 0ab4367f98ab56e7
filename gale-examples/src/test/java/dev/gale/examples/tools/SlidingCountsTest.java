package dev.gale.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SlidingCountsTest {

    @Test
    void aCountStaysInTheWindowForAsManyAdvancesAsItHasSlotsThenIsReportedAsZeroOnce() {
        SlidingCounts<String> counts = new SlidingCounts<>(3);
        counts.add("gust");
        counts.add("gust");
        counts.add("lull");
        assertThat(counts.advance()).isEqualTo(Map.of("gust", 2L, "lull", 1L));

        counts.add("gust");
        assertThat(counts.advance()).isEqualTo(Map.of("gust", 3L, "lull", 1L));
        assertThat(counts.advance()).isEqualTo(Map.of("gust", 3L, "lull", 1L));
        // The first slot has been replaced: its counts are gone, lull's only one with them.
        assertThat(counts.advance()).isEqualTo(Map.of("gust", 1L, "lull", 0L));
        assertThat(counts.advance()).isEqualTo(Map.of("gust", 0L));
        assertThat(counts.advance()).isEmpty();
    }

    @Test
    void aKeyCountedAgainBeforeItsZeroIsReportedIsNotReportedAsZero() {
        SlidingCounts<String> counts = new SlidingCounts<>(1);
        counts.add("squall");
        assertThat(counts.advance()).isEqualTo(Map.of("squall", 1L));
        counts.add("squall");
        assertThat(counts.advance()).isEqualTo(Map.of("squall", 1L));
        assertThat(counts.advance()).isEqualTo(Map.of("squall", 0L));
    }

    @Test
    void aWindowNeedsASlot() {
        assertThatThrownBy(() -> new SlidingCounts<String>(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one slot");
    }
}
