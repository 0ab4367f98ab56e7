package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.starter.ReliableWordCount.Progress;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReliableWordCountTest {

    private static Progress run(Map<String, Object> settings, ReliableWordCount job) {
        Config conf = ReliableWordCount.defaultConfig(settings);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("reliable", conf, job.build(conf));
            await().atMost(Duration.ofSeconds(60)).until(job::isComplete);
            cluster.waitForIdle();
            return job.progress();
        }
    }

    @Test
    void countsEveryWordExactlyOnceAlthoughAFifthOfTheWordsFail() {
        try (ReliableWordCount job = new ReliableWordCount()) {
            Progress p = run(Map.of(ReliableWordCount.FAIL_FRACTION, 0.2, ReliableWordCount.PASSES, 3), job);

            int lines = ReliableWordCount.text().size();
            assertThat(p.total()).isEqualTo(3L * lines);
            assertThat(p.emitted()).isEqualTo(p.total());
            assertThat(p.acked()).isEqualTo(p.total());
            assertThat(p.failed()).isPositive();
            assertThat(p.replayed()).isEqualTo(p.failed());
            assertThat(p.duplicatesIgnored()).isPositive();
            assertThat(job.counts()).isEqualTo(job.expectedCounts());
            assertThat(job.verify()).isTrue();
        }
    }

    @Test
    void withoutFailuresNothingIsReplayed() {
        try (ReliableWordCount job = new ReliableWordCount()) {
            Progress p = run(Map.of(ReliableWordCount.FAIL_FRACTION, "0"), job);
            assertThat(p.failed()).isZero();
            assertThat(p.replayed()).isZero();
            assertThat(p.duplicatesIgnored()).isZero();
            assertThat(job.verify()).isTrue();
        }
    }

    @Test
    void expectedCountsComeStraightFromTheText() {
        try (ReliableWordCount job = new ReliableWordCount()) {
            job.build(Map.of(ReliableWordCount.PASSES, 2));
            Map<String, Long> expected = job.expectedCounts();
            assertThat(expected.get("nation")).isEqualTo(2 * 5L);
            assertThat(expected.get("gale")).isPositive();
            assertThat(job.isComplete()).isFalse();
        }
    }

    @Test
    void wordsAreLowerCasedAndSplitOnPunctuation() {
        assertThat(ReliableWordCount.words("Four score -- and 'seven' battle-field; it's 1863!"))
                .containsExactly("four", "score", "and", "seven", "battle", "field", "it's", "1863");
        assertThat(ReliableWordCount.words("  -- ")).isEmpty();
    }

    @Test
    void theBundledTextIsSmall() {
        List<String> lines = ReliableWordCount.text();
        assertThat(lines).hasSizeBetween(20, 2000).noneMatch(String::isBlank);
        assertThat(String.join("\n", lines).length()).isLessThan(100_000);
    }

    @Test
    void rejectsBadSettingsNamingTheKey() {
        assertThatThrownBy(() -> new ReliableWordCount().build(Map.of(ReliableWordCount.FAIL_FRACTION, "lots")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reliable.fail.fraction");
        assertThatThrownBy(() -> new ReliableWordCount().build(Map.of(ReliableWordCount.FAIL_FRACTION, 1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("below 1");
        assertThatThrownBy(() -> new ReliableWordCount().build(Map.of(ReliableWordCount.PASSES, "2.5")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reliable.passes");
    }
}
