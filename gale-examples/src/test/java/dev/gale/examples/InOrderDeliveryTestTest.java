package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.generated.Nimbus;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.TaskStats;
import dev.gale.utils.NimbusClient;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's InOrderDeliveryTest (an example, despite its name) as it is (only its imports
 * changed), run through its main on a cluster on real threads: eight spout tasks emit
 * (task index, sequence number) without pause, fields-grouped on the task index to eight checking
 * bolt tasks, each of which fails (and prints) any tuple that is not the next of its spout task.
 * The main polls Nimbus every 30 s: the test waits for its first print (a bounded real-time wait),
 * then kills the topology with the example's own {@code kill}, as the main does after fifty.
 */
class InOrderDeliveryTestTest {

    @Test
    void everySpoutTasksTuplesReachTheCheckInTheOrderEmitted() throws Exception {
        try (StdOut out = new StdOut();
             LocalCluster cluster = new LocalCluster();
             BackgroundMain main = new BackgroundMain("InOrderDeliveryTest.main", InOrderDeliveryTest::main,
                     "in-order")) {
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getTopologyNames().contains("in-order")
                    && cluster.getTopologyStats("in-order").component("spout").orElseThrow().tasks().stream()
                    .allMatch(t -> t.acked() >= 1_000));
            cluster.deactivate("in-order");
            cluster.waitForIdle();

            ComponentStats spout = cluster.getTopologyStats("in-order").component("spout").orElseThrow();
            ComponentStats check = cluster.getTopologyStats("in-order").component("count").orElseThrow();
            assertThat(spout.tasks()).hasSize(8).allSatisfy(t -> assertThat(t.emitted()).isGreaterThanOrEqualTo(1_000));
            // The check throws FailedException on a tuple out of order: none failed, every one was acked.
            assertThat(check.executed()).isEqualTo(spout.emitted());
            assertThat(check.failed()).isZero();
            assertThat(check.acked()).isEqualTo(spout.emitted());
            assertThat(spout.failed()).isZero();
            assertThat(spout.acked()).isEqualTo(spout.emitted());
            assertThat(out.lines()).noneMatch(l -> l.contains(" != "));
            // Fields grouping on the spout task index: each spout task's tuples all went to one check task.
            assertThat(check.tasks().stream().mapToLong(TaskStats::executed).filter(n -> n > 0).count())
                    .isBetween(1L, 8L);

            // The main's first print, after its first 30 s sleep: the figures Nimbus has of the spout.
            await().atMost(Duration.ofSeconds(90)).until(() -> out.lines().stream()
                    .anyMatch(l -> FastWordCountTopologyTest.FIGURES.matcher(l).matches()));
            assertThat(main.thrown()).isNull();
            Matcher m = out.lines().stream().map(FastWordCountTopologyTest.FIGURES::matcher)
                    .filter(Matcher::matches).findFirst().orElseThrow();
            assertThat(Long.parseLong(m.group(2))).isEqualTo(spout.acked());
            assertThat(Long.parseLong(m.group(5))).isZero();

            Nimbus.Iface nimbus = NimbusClient.Builder.withConf(Map.of()).build().getClient();
            InOrderDeliveryTest.kill(nimbus, "in-order");
            await().atMost(Duration.ofSeconds(30)).until(() -> !cluster.getTopologyNames().contains("in-order"));
        }
    }
}
