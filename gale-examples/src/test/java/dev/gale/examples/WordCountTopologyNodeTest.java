package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.TopologyStats;
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
 * storm-starter's WordCountTopologyNode as it is (only its imports changed), run through its main:
 * a Node.js ShellSpout (randomsentence.js, emitting each sentence with a message id after 100 ms)
 * and a Node.js ShellBolt (splitsentence.js), with storm.js from Storm's multilang-javascript
 * artifact, and a Java word count.
 */
class WordCountTopologyNodeTest {
    /** The sentences randomsentence.js picks from. */
    private static final String[] SENTENCES = {"the cow jumped over the moon", "an apple a day keeps the doctor away",
        "four score and seven years ago", "snow white and the seven dwarfs", "i am at two with nature"};

    @BeforeEach
    void node() {
        Interpreters.require("node");
        EmitLog.clear();
    }

    @Test
    void nodeSpoutAndSplitterFeedTheJavaCountAndTheSentencesAreAcked() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(EmitLog.daemonConf()).build()) {
            WordCountTopologyNode.main(new String[0]);
            await().atMost(Duration.ofSeconds(60)).until(() -> EmitLog.of("count").size() >= 40
                    && cluster.getTopologyStats("word-count").component("spout").orElseThrow().acked() >= 5);
            cluster.deactivate("word-count");
            cluster.waitForIdle();

            List<List<Object>> sentences = EmitLog.of("spout");
            assertThat(sentences).isNotEmpty().allSatisfy(s -> assertThat(SENTENCES).contains((String) s.get(0)));
            Set<String> vocabulary = Arrays.stream(SENTENCES).flatMap(s -> Arrays.stream(s.split(" ")))
                    .collect(Collectors.toSet());
            List<List<Object>> words = EmitLog.of("split");
            assertThat(words).allSatisfy(w -> assertThat(vocabulary).contains((String) w.get(0)));
            Map<String, Integer> expected = new HashMap<>();
            for (List<Object> w : words) {
                expected.merge((String) w.get(0), 1, Integer::sum);
            }
            Map<String, List<Object>> counts = EmitLog.of("count").stream().collect(
                    Collectors.groupingBy(c -> (String) c.get(0), Collectors.mapping(c -> c.get(1), Collectors.toList())));
            assertThat(counts.keySet()).isEqualTo(expected.keySet());
            expected.forEach((word, n) -> assertThat(counts.get(word)).as(word)
                    .containsExactlyElementsOf(IntStream.rangeClosed(1, n).boxed().toList()));

            // The spout's sentences are emitted with ids, anchored through the Node.js splitter: they complete.
            TopologyStats stats = cluster.getTopologyStats("word-count");
            ComponentStats spout = stats.component("spout").orElseThrow();
            assertThat(spout.acked()).isGreaterThanOrEqualTo(5);
            assertThat(spout.failed()).isZero();
            assertThat(spout.lastErrors()).isEmpty();
            assertThat(stats.component("split").orElseThrow().lastErrors()).isEmpty();
        }
    }
}
