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

/** {@link NodeWordCount}: the Node.js spout's lines, the Node.js splitter's words, the Java counts. */
class NodeWordCountTest {
    /** The lines tide_log_spout.js sends, in its order. */
    private static final List<String> TIDE_LOG = List.of("High water at six, low water at noon.",
            "Spring tides bring the sea over the quay.", "Neap tides leave the boats on the mud.");

    @BeforeEach
    void node() {
        Interpreters.require("node");
        EmitLog.clear();
    }

    @Test
    void theNodeSplitterLowerCasesDropsPunctuationAndAnchorsItsWords() {
        CompletedTopology result = Testing.completeTopology(NodeWordCount.createTopology(new Config()),
                new MockedSources().withMockData("tides", new Values("Low WATER, low tide!"), new Values("")));

        assertThat(result.emitted("split")).containsExactlyInAnyOrder(
                List.of("low"), List.of("water"), List.of("low"), List.of("tide"));
        assertThat(result.emitted("count")).containsExactlyInAnyOrder(
                List.of("low", 1), List.of("water", 1), List.of("low", 2), List.of("tide", 1));
        assertThat(result.acked("tides")).hasSize(2);
        assertThat(result.failed("tides")).isEmpty();
    }

    @Test
    void theNodeSpoutSendsTheTideLogInTurnAndEveryLineIsCountedAndAcked() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(EmitLog.daemonConf()).build()) {
            NodeWordCount.main(new String[] {"node-wc"});
            await().atMost(Duration.ofSeconds(60)).until(() -> EmitLog.of("tides").size() >= 7
                    && cluster.getTopologyStats("node-wc").component("tides").orElseThrow().acked() >= 7);
            cluster.deactivate("node-wc");
            cluster.waitForIdle();

            List<List<Object>> lines = EmitLog.of("tides");
            for (int i = 0; i < lines.size(); i++) {
                assertThat(lines.get(i)).as("line %d", i).containsExactly(TIDE_LOG.get(i % TIDE_LOG.size()));
            }
            Map<String, Integer> expected = new HashMap<>();
            lines.forEach(l -> Words.of((String) l.get(0)).forEach(w -> expected.merge(w, 1, Integer::sum)));
            Map<String, Integer> counted = new HashMap<>();
            EmitLog.of("count").forEach(c -> counted.merge((String) c.get(0), (Integer) c.get(1), Math::max));
            assertThat(counted).isEqualTo(expected);

            ComponentStats tides = cluster.getTopologyStats("node-wc").component("tides").orElseThrow();
            assertThat(tides.acked()).isEqualTo(lines.size());
            assertThat(tides.failed()).isZero();
            assertThat(tides.lastErrors()).isEmpty();
            assertThat(cluster.getTopologyStats("node-wc").component("split").orElseThrow().lastErrors()).isEmpty();
        }
    }
}
