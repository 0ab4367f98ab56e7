package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.Nimbus;
import dev.gale.stats.ComponentStats;
import dev.gale.utils.NimbusClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's FastWordCountTopology as it is (only its imports changed), run through its main
 * on a cluster on real threads: its spout never sleeps, so it cannot run on the step scheduler.
 * The main submits with StormSubmitter (to this test's cluster), then sleeps 30 s between prints
 * of the figures it reads from Nimbus; the test waits for its first print (a bounded real-time
 * wait), then kills the topology with the example's own {@code kill}, as the main does after ten.
 */
class FastWordCountTopologyTest {
    static final Pattern FIGURES = Pattern.compile(
            "uptime: (\\d+) acked: (\\d+) avgLatency: (\\S+) acked/sec: (\\S+) failed: (\\d+)");

    @Test
    void everyWordIsCountedByOneTaskAndMainPrintsNimbusFiguresThenTheTopologyIsKilled() throws Exception {
        WordTally.clear();
        try (StdOut out = new StdOut();
             LocalCluster cluster = new LocalCluster.Builder()
                     .withDaemonConf(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(WordTally.class.getName())).build();
             BackgroundMain main = new BackgroundMain("FastWordCountTopology.main", FastWordCountTopology::main,
                     "fast-wc")) {
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getTopologyNames().contains("fast-wc")
                    && cluster.getTopologyStats("fast-wc").component("spout").orElseThrow().acked() >= 5_000);
            cluster.deactivate("fast-wc");
            cluster.waitForIdle();

            ComponentStats spout = cluster.getTopologyStats("fast-wc").component("spout").orElseThrow();
            assertThat(spout.failed()).isZero();
            assertThat(spout.acked()).isEqualTo(spout.emitted());
            Map<String, Long> words = WordTally.totals(WordTally.SPLIT_WORDS);
            assertThat(words).isEqualTo(WordTally.totals(WordTally.SENTENCE_WORDS)).containsKeys("marry", "peppers");
            // Fields grouping: each word's running count is kept by one task, which emitted 1, 2, ... up
            // to the number of times the word was split out.
            assertThat(WordTally.totals(WordTally.COUNT_EMITS)).isEqualTo(words);
            words.forEach((word, n) -> {
                assertThat(WordTally.HIGHEST_COUNT.get(word)).as(word).isEqualTo(n.intValue());
                assertThat(WordTally.COUNT_TASKS.get(word)).as(word).hasSize(1);
            });

            // The main's first print, after its first 30 s sleep: the figures Nimbus has of the spout.
            await().atMost(Duration.ofSeconds(90))
                    .until(() -> out.lines().stream().anyMatch(l -> FIGURES.matcher(l).matches()));
            assertThat(main.thrown()).isNull();
            Matcher m = out.lines().stream().map(FIGURES::matcher).filter(Matcher::matches).findFirst().orElseThrow();
            assertThat(Long.parseLong(m.group(1))).isGreaterThanOrEqualTo(30);
            assertThat(Long.parseLong(m.group(2))).isEqualTo(spout.acked());
            assertThat(Double.parseDouble(m.group(3))).isGreaterThan(0);
            assertThat(Long.parseLong(m.group(5))).isZero();

            Nimbus.Iface nimbus = NimbusClient.Builder.withConf(Map.of()).build().getClient();
            FastWordCountTopology.kill(nimbus, "fast-wc");
            await().atMost(Duration.ofSeconds(30)).until(() -> !cluster.getTopologyNames().contains("fast-wc"));
            assertThat(nimbus.getClusterInfo().get_topologies()).isEmpty();
        }
    }
}
