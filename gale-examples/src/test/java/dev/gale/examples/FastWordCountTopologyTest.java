package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@link FastWordCountTopology}: the counts at full speed, and its main's figures read from Nimbus. */
class FastWordCountTopologyTest {
    private static final Pattern FIGURES =
            Pattern.compile("fast-wc after (\\d+) s: (\\d+) sentences acked \\((\\d+) a second\\), (\\d+) failed");

    @Test
    void countsTheWordsOfKnownSentences() {
        CompletedTopology result = Testing.completeTopology(FastWordCountTopology.createTopology(new Config()),
                new MockedSources().withMockData("sentences", new Values("Fog, then fog again"), new Values("fog lifts")));

        assertThat(result.emitted("count")).containsExactlyInAnyOrder(List.of("fog", 1), List.of("fog", 2),
                List.of("fog", 3), List.of("then", 1), List.of("again", 1), List.of("lifts", 1));
        assertThat(result.acked("sentences")).hasSize(2);
    }

    @Test
    void atFullSpeedEveryWordIsCountedByOneTaskAndMainPrintsTheFiguresThenKillsTheTopology() throws Exception {
        WordTally.clear("fast-wc");
        try (StdOut out = new StdOut();
             LocalCluster cluster = new LocalCluster.Builder()
                     .withDaemonConf(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(WordTally.class.getName())).build();
             BackgroundMain main = new BackgroundMain("FastWordCountTopology.main", FastWordCountTopology::main,
                     "fast-wc", "1", "2")) {
            // Two reports a second apart, then the main kills the topology.
            await().atMost(Duration.ofSeconds(60)).until(() -> out.lines().stream()
                    .filter(l -> FIGURES.matcher(l).matches()).count() == 2 && cluster.getTopologyNames().isEmpty());
            assertThat(main.thrown()).isNull();
            List<Matcher> reports = out.lines().stream().map(FIGURES::matcher).filter(Matcher::matches).toList();
            long first = Long.parseLong(reports.get(0).group(2));
            long second = Long.parseLong(reports.get(1).group(2));
            assertThat(first).isPositive();
            assertThat(second).isGreaterThan(first);
            assertThat(reports).allSatisfy(m -> assertThat(m.group(4)).isEqualTo("0"));

            // What the tasks emitted: every word the splitter emitted was in a sentence, and every word
            // counted was split out; each word counted by one task, its count going up by one.
            Map<String, Long> split = WordTally.totals(WordTally.SPLIT_WORDS);
            assertThat(split).isNotEmpty();
            split.forEach((word, n) -> assertThat(WordTally.totals(WordTally.SENTENCE_WORDS).get(word)).as(word)
                    .isGreaterThanOrEqualTo(n));
            WordTally.totals(WordTally.COUNT_EMITS).forEach((word, n) -> {
                assertThat(WordTally.HIGHEST_COUNT.get(word)).as(word).isEqualTo(n.intValue());
                assertThat(WordTally.COUNT_TASKS.get(word)).as(word).hasSize(1);
                assertThat(split.get(word)).as(word).isGreaterThanOrEqualTo(n);
            });
        }
    }

    @Test
    void whenStoppedEveryEmittedSentenceIsAckedAndEverySplitWordCounted() {
        WordTally.clear("fast");
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withDaemonConf(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(WordTally.class.getName())).build()) {
            Config conf = new Config();
            cluster.submitTopology("fast", conf, FastWordCountTopology.createTopology(conf));
            await().atMost(Duration.ofSeconds(60)).until(() ->
                    cluster.getTopologyStats("fast").component("sentences").orElseThrow().acked() >= 5_000);
            cluster.deactivate("fast");
            cluster.waitForIdle();

            ComponentStats spout = cluster.getTopologyStats("fast").component("sentences").orElseThrow();
            assertThat(spout.failed()).isZero();
            assertThat(spout.acked()).isEqualTo(spout.emitted());
            Map<String, Long> words = WordTally.totals(WordTally.SPLIT_WORDS);
            assertThat(words).isEqualTo(WordTally.totals(WordTally.SENTENCE_WORDS));
            assertThat(WordTally.totals(WordTally.COUNT_EMITS)).isEqualTo(words);
        }
    }
}
