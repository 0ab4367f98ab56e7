package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExclamationTopologyTest {

    @Test
    void everyWordLeavesExclaim2WithSixExclamationMarks() {
        Collect collect = new Collect();
        TopologyBuilder builder = ExclamationTopology.builder();
        builder.setBolt("collect", collect).shuffleGrouping("exclaim2");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("test", new Config(), builder.createTopology());
            await().atMost(Duration.ofSeconds(30)).until(() -> collect.size() >= 20);
            TopologyStats stats = cluster.getTopologyStats("test");
            cluster.killTopology("test");

            assertThat(collect.seen()).allSatisfy(values -> assertThat(values).hasSize(1)
                    .element(0).isIn(List.of("nathan!!!!!!", "mike!!!!!!", "jackson!!!!!!", "golda!!!!!!",
                            "bertels!!!!!!")));
            assertThat(stats.component("word").orElseThrow().tasks()).hasSize(10);
            assertThat(stats.component("exclaim1").orElseThrow().tasks()).hasSize(3);
            assertThat(stats.component("exclaim2").orElseThrow().tasks()).hasSize(2);
            assertThat(stats.component("exclaim2").orElseThrow().failed()).isZero();
        }
    }
}
