package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * JoinBoltExample on simulated time, its emits recorded by {@link StreamEmits}: nothing is joined
 * before the tumbling window closes; then every reading, with its station's name or, for the
 * unknown station, null; the records are acked when the next window closes.
 */
class JoinBoltExampleTest {

    @Test
    void everyReadingIsLeftJoinedToItsStationWhenTheWindowCloses() throws Exception {
        StreamEmits.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("join", StreamEmits.conf(), JoinBoltExample.createTopology());
            cluster.waitForIdle();
            assertThat(StreamEmits.values("readings", "default")).hasSize(6);
            assertThat(StreamEmits.values("join", "default")).as("the window is open").isEmpty();

            clock.advanceMillis(JoinBoltExample.WINDOW_SECS * 1_000L);
            cluster.waitForIdle();
            assertThat(StreamEmits.values("join", "default")).containsExactlyInAnyOrder(
                    List.of("ridge", "Ridge Mast", 34),
                    List.of("lighthouse", "Cape Lighthouse", 21),
                    Arrays.asList("buoy-7", null, 17),
                    List.of("north-pier", "North Pier", 12),
                    List.of("ridge", "Ridge Mast", 39),
                    List.of("lighthouse", "Cape Lighthouse", 26));

            clock.advanceMillis(JoinBoltExample.WINDOW_SECS * 1_000L);
            cluster.waitForIdle();
            TopologyStats stats = cluster.getTopologyStats("join");
            assertThat(stats.component("readings").orElseThrow().acked()).isEqualTo(6);
            assertThat(stats.component("stations").orElseThrow().acked()).isEqualTo(3);
            assertThat(stats.component("readings").orElseThrow().failed()).isZero();
            assertThat(StreamEmits.values("join", "default")).as("each window is joined once").hasSize(6);
        }
    }
}
