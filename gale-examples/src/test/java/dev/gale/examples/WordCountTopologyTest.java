package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.examples.bolt.WordCountBolt;
import dev.gale.examples.spout.RandomSentenceSpout;
import dev.gale.stats.TopologyStats;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's WordCountTopology as it is (only its imports changed): sentences split into words
 * by a Python ShellBolt (splitsentence.py, with storm.py from Storm's multilang-python artifact),
 * counted by WordCountBolt on a fields grouping.
 */
class WordCountTopologyTest {

    @BeforeEach
    void python() {
        Interpreters.require("python3");
        EmitLog.clear();
    }

    @Test
    void thePythonSplitterSplitsKnownSentencesAndEveryWordIsCountedByOneTask() {
        // WordCountTopology.run's topology (same ids and parallelism: 8 Python subprocesses), with
        // the random sentences replaced by known ones, run to completion on simulated time.
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new RandomSentenceSpout(), 5);
        builder.setBolt("split", new WordCountTopology.SplitSentence(), 8).shuffleGrouping("spout");
        builder.setBolt("count", new WordCountBolt(), 12).fieldsGrouping("split", new Fields("word"));
        CompletedTopology result = Testing.completeTopology(builder.createTopology(), new MockedSources()
                .withMockData("spout", new Values("the cow jumped over the moon"), new Values("the man went to the store")));

        assertThat(result.emitted("split")).containsExactlyInAnyOrder(
                List.of("the"), List.of("cow"), List.of("jumped"), List.of("over"), List.of("the"), List.of("moon"),
                List.of("the"), List.of("man"), List.of("went"), List.of("to"), List.of("the"), List.of("store"));
        assertThat(result.emitted("count").stream().filter(v -> v.get(0).equals("the")).map(v -> v.get(1)))
                .containsExactly(1, 2, 3, 4);
        assertThat(result.emitted("count")).hasSize(12);
        // The Python BasicBolt anchors its words to the sentence and acks it: both trees complete.
        assertThat(result.acked("spout")).containsExactlyInAnyOrder(0, 1);
        assertThat(result.failed("spout")).isEmpty();
        assertThat(result.stats().component("split").orElseThrow().lastErrors()).isEmpty();
    }

    @Test
    void itsMainRunsOnTheClusterAndCountsEveryWordThePythonSplitterEmits() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(EmitLog.daemonConf()).build()) {
            WordCountTopology.main(new String[0]);
            await().atMost(Duration.ofSeconds(60)).until(() -> EmitLog.of("count").size() >= 60);
            cluster.deactivate("word-count");
            cluster.waitForIdle();

            Set<String> vocabulary = Arrays.stream(RandomSentenceSpout.SENTENCES)
                    .flatMap(s -> Arrays.stream(s.split(" "))).collect(Collectors.toSet());
            List<List<Object>> words = EmitLog.of("split");
            assertThat(words).isNotEmpty().allSatisfy(w -> assertThat(vocabulary).contains((String) w.get(0)));
            // Every word the splitter emitted was counted once, each word's counts going 1, 2, 3, ...
            Map<String, Integer> expected = new HashMap<>();
            for (List<Object> w : words) {
                expected.merge((String) w.get(0), 1, Integer::sum);
            }
            Map<String, List<Object>> counts = EmitLog.of("count").stream()
                    .collect(Collectors.groupingBy(c -> (String) c.get(0), Collectors.mapping(c -> c.get(1), Collectors.toList())));
            assertThat(counts.keySet()).isEqualTo(expected.keySet());
            expected.forEach((word, n) -> assertThat(counts.get(word))
                    .as(word).containsExactlyElementsOf(IntStream.rangeClosed(1, n).boxed().toList()));
            TopologyStats stats = cluster.getTopologyStats("word-count");
            assertThat(stats.component("split").orElseThrow().lastErrors()).isEmpty();
            assertThat(stats.component("split").orElseThrow().tasks()).hasSize(8);
            assertThat(stats.component("split").orElseThrow().failed()).isZero();
        }
    }
}
