package dev.gale.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.examples.tools.Ranking.Entry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RankingTest {

    @Test
    void keepsTheHighestCountsHighestFirstTiesInWordOrderAndNoZeros() {
        Ranking r = Ranking.top(3, Map.of("bora", 4L, "foehn", 9L, "zonda", 4L, "levante", 4L, "calm", 0L));
        assertThat(r.entries()).containsExactly(new Entry("foehn", 9), new Entry("bora", 4), new Entry("levante", 4));
        assertThat(r).hasToString("1. foehn (9), 2. bora (4), 3. levante (4)");
        assertThat(Ranking.top(5, Map.of("calm", 0L)).entries()).isEmpty();
        assertThat(Ranking.top(5, Map.of())).hasToString("(none)");
    }

    @Test
    void mergingRankingsOfDifferentWordsRanksThemAllTogether() {
        Ranking a = Ranking.top(2, Map.of("bora", 7L, "foehn", 2L));
        Ranking b = Ranking.top(2, Map.of("zonda", 5L, "khamsin", 3L));
        assertThat(Ranking.merge(3, List.of(a, b, Ranking.top(2, Map.of()))).entries())
                .containsExactly(new Entry("bora", 7), new Entry("zonda", 5), new Entry("khamsin", 3));
    }

    @Test
    void aRankingHoldsAWord() {
        assertThatThrownBy(() -> Ranking.top(0, Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one word");
    }
}
