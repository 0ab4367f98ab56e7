package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's SlidingWindowTopology as it is (only its imports changed), run through its main:
 * its StormSubmitter submit goes to the cluster this test opened, on simulated time. Random integers
 * every 100 ms, sums over the last 30 every 10, averages of every 3 sums printed.
 */
class SlidingWindowTopologyTest {

    @Test
    void printsTheAverageOfEveryThreeSlidingSumsAndAcksWhatLeftEveryWindow() throws Exception {
        SimulatedClock clock = new SimulatedClock();
        try (Printed printed = new Printed();
             LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            SlidingWindowTopology.main(new String[] {"sliding"});
            for (int i = 0; i < 90; i++) {
                clock.advanceMillis(100); // the spout sleeps 100 ms (simulated) before each integer
            }
            cluster.waitForIdle();
            TopologyStats stats = cluster.getTopologyStats("sliding");
            assertThat(stats.component("integer").orElseThrow().emitted()).isEqualTo(90);
            assertThat(stats.component("slidingsum").orElseThrow().emitted()).isEqualTo(9);
            assertThat(stats.component("tumblingavg").orElseThrow().emitted()).isEqualTo(3);

            // Each average of three sums of at most 30 integers below 1000.
            assertThat(printed.tuples()).hasSize(3).allSatisfy(line -> {
                assertThat(line.component()).isEqualTo("tumblingavg");
                assertThat(line.values()).singleElement()
                        .satisfies(v -> assertThat(Integer.parseInt(v)).isBetween(0, 30 * 999));
            });
            // An integer is acked once it has left its last sliding window (the last 30 at each tenth)
            // and the sums of its three windows have left their tumbling window and been printed:
            // after 90 integers, the sums of the first six windows have, which hold integers 1-40.
            // The spout takes its acks when it wakes from its sleep, 100 ms on.
            clock.advanceMillis(100);
            stats = cluster.getTopologyStats("sliding");
            assertThat(stats.component("integer").orElseThrow().acked()).isEqualTo(40);
            assertThat(stats.component("integer").orElseThrow().failed()).isZero();
        }
    }
}
