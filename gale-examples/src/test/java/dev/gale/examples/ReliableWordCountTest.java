package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.ReliableWordCount.Progress;
import dev.gale.generated.StormTopology;
import dev.gale.testing.BoltTester;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.IRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReliableWordCountTest {

    private static Progress run(Map<String, Object> settings, ReliableWordCount job) {
        Config conf = ReliableWordCount.defaultConfig(settings);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("reliable", conf, job.build(conf));
            // Stepped (simulated clock): each check runs the topology until nothing is left to do.
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                cluster.waitForIdle();
                return job.isComplete();
            });
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
    void withATallyDirectoryTheTasksReportThroughFilesAndTheCountsAreTheSame(@TempDir Path dir) throws Exception {
        try (ReliableWordCount job = new ReliableWordCount()) {
            Progress p = run(Map.of(ReliableWordCount.FAIL_FRACTION, 0.2, ReliableWordCount.TALLY_DIR, dir.toString()), job);
            assertThat(p.acked()).isEqualTo(p.total());
            assertThat(p.failed()).isPositive();
            assertThat(p.replayed()).isEqualTo(p.failed());
            assertThat(job.counts()).isEqualTo(job.expectedCounts());
            try (var files = Files.list(dir)) {
                assertThat(files.map(f -> f.getFileName().toString()).toList())
                        .as("one file per task of the spout and the counting bolt").hasSize(4)
                        .allMatch(name -> name.matches("(lines|count)-\\d+\\.tally"));
            }
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
    void splitLineEmitsEachWordWithItsPositionAnchoredToTheLine() {
        try (BoltTester split = BoltTester.of(new ReliableWordCount.SplitLine())
                .withSource("lines", new Fields("id", "line")).prepare()) {
            Tuple line = split.execute("lines", new Values(7L, "Four score -- and seven"));
            assertThat(split.emittedValues()).containsExactly(
                    List.of(7L, 0, "four"), List.of(7L, 1, "score"), List.of(7L, 2, "and"), List.of(7L, 3, "seven"));
            assertThat(split.emitted()).allSatisfy(e -> assertThat(e.anchors()).containsExactly(line));
            assertThat(split.acked()).containsExactly(line);
        }
    }

    @Test
    void countBoltCountsAReplayedWordOnceAndAcksBothDeliveries() {
        try (ReliableWordCount job = new ReliableWordCount()) {
            StormTopology topology = job.build(Map.of());
            IRichBolt countBolt = (IRichBolt) topology.components().get("count").component();
            try (BoltTester count = BoltTester.of(countBolt).withSource("flaky", new Fields("id", "pos", "word"))
                    .prepare()) {
                Tuple first = count.execute("flaky", new Values(3L, 0, "nation"));
                Tuple replayed = count.execute("flaky", new Values(3L, 0, "nation"));
                Tuple other = count.execute("flaky", new Values(3L, 1, "nation"));
                assertThat(job.counts()).containsExactly(Map.entry("nation", 2L));
                assertThat(job.progress().duplicatesIgnored()).isEqualTo(1);
                assertThat(count.acked()).containsExactly(first, replayed, other);
            }
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
