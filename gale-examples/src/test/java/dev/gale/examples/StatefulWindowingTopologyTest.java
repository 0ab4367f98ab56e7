package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's StatefulWindowingTopology as it is (only its imports changed), run through its
 * main on simulated time: windows of the last 5 integers every 3, each added to a sum kept in the
 * bolt's state and printed.
 */
class StatefulWindowingTopologyTest {

    @Test
    void printsTheSumOfEveryWindowAddedUp() throws Exception {
        SimulatedClock clock = new SimulatedClock();
        try (Printed printed = new Printed();
             LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            StatefulWindowingTopology.main(new String[] {"stateful-windowing"});
            for (int i = 0; i < 25; i++) {
                clock.advanceMillis(100);
            }
            cluster.waitForIdle();
            List<Long> sums = printed.tuples().stream()
                    .filter(l -> l.component().equals("sumbolt"))
                    .map(l -> Long.parseLong(l.values().get(0))).toList();
            assertThat(sums).as("a window every 3 of 25 integers").hasSize(8);
            assertThat(sums.get(0)).isBetween(0L, 3 * 999L);
            for (int i = 1; i < sums.size(); i++) {
                assertThat(sums.get(i) - sums.get(i - 1)).as("a window of at most 5 integers").isBetween(0L, 5 * 999L);
            }
            clock.advanceMillis(100);
            TopologyStats stats = cluster.getTopologyStats("stateful-windowing");
            // An integer is acked once it left the window and a checkpoint committed since.
            assertThat(stats.component("spout").orElseThrow().acked()).isPositive();
            assertThat(stats.component("spout").orElseThrow().failed()).isZero();
        }
    }
}
