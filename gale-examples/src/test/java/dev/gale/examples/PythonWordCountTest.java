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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link PythonWordCount}: the Python splitter's words and the counts kept of them. */
class PythonWordCountTest {

    @BeforeEach
    void python() {
        Interpreters.require("python3");
        EmitLog.clear();
    }

    @Test
    void thePythonSplitterLowerCasesAndDropsPunctuationAndEachWordIsCountedInOrder() {
        CompletedTopology result = Testing.completeTopology(PythonWordCount.createTopology(new Config()),
                new MockedSources().withMockData("sentences",
                        new Values("Gulls' cries, off the pier!"), new Values("THE tide turns; the pier empties.")));

        assertThat(result.emitted("split")).containsExactlyInAnyOrder(
                List.of("gulls'"), List.of("cries"), List.of("off"), List.of("the"), List.of("pier"),
                List.of("the"), List.of("tide"), List.of("turns"), List.of("the"), List.of("pier"), List.of("empties"));
        // One task counts each word: its counts go up by one from 1.
        assertThat(result.emitted("count").stream().filter(v -> v.get(0).equals("the")).map(v -> v.get(1)))
                .containsExactly(1, 2, 3);
        assertThat(result.emitted("count").stream().filter(v -> v.get(0).equals("pier")).map(v -> v.get(1)))
                .containsExactly(1, 2);
        assertThat(result.emitted("count")).hasSize(11);
        // The Python bolt anchors its words to the sentence and acks it: both trees complete.
        assertThat(result.acked("sentences")).hasSize(2);
        assertThat(result.failed("sentences")).isEmpty();
    }

    @Test
    void itsMainSubmitsATopologyWhoseCountsMatchTheSentencesSent() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(EmitLog.daemonConf()).build()) {
            PythonWordCount.main(new String[] {"py-wc"});
            await().atMost(Duration.ofSeconds(60)).until(() -> EmitLog.of("count").size() >= 40);
            cluster.deactivate("py-wc");
            cluster.waitForIdle();

            Map<String, Integer> expected = new HashMap<>();
            EmitLog.of("sentences").forEach(s -> Words.of((String) s.get(0)).forEach(w -> expected.merge(w, 1, Integer::sum)));
            Map<String, Integer> counted = new HashMap<>();
            EmitLog.of("count").forEach(c -> counted.merge((String) c.get(0), (Integer) c.get(1), Math::max));
            assertThat(counted).isNotEmpty().isEqualTo(expected);
            ComponentStats split = cluster.getTopologyStats("py-wc").component("split").orElseThrow();
            assertThat(split.lastErrors()).isEmpty();
            assertThat(split.failed()).isZero();
        }
    }
}
