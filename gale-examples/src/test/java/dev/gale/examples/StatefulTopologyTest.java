package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.spout.CheckpointSpout;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's StatefulTopology as it is (only its imports changed), run through its main on
 * simulated time: random integers every 100 ms summed by a stateful bolt, its running sums
 * printed by two printers and summed again by a second stateful bolt. The state is in memory (the
 * default provider); every second a checkpoint commits it and acks what it reflects.
 */
class StatefulTopologyTest {

    @Test
    void printsRunningSumsAndAcksEachIntegerOnceItsSumIsCommitted() throws Exception {
        SimulatedClock clock = new SimulatedClock();
        try (Printed printed = new Printed();
             LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            StatefulTopology.main(new String[] {"stateful"});
            for (int i = 0; i < 25; i++) {
                clock.advanceMillis(100);
            }
            cluster.waitForIdle();
            List<Long> sums = printed.tuples().stream()
                    .filter(l -> l.component().equals("partialsum"))
                    .map(l -> Long.parseLong(l.values().get(0))).sorted().toList(); // two printers: any order
            assertThat(sums).hasSize(25);
            for (int i = 1; i < sums.size(); i++) {
                assertThat(sums.get(i) - sums.get(i - 1)).as("each integer is below 1000").isBetween(0L, 999L);
            }
            clock.advanceMillis(100); // the spout takes its acks when it wakes from its sleep
            TopologyStats stats = cluster.getTopologyStats("stateful");
            // Checkpoints at 1 s and 2 s committed the sums of the integers emitted by then.
            assertThat(stats.component("spout").orElseThrow().acked()).isBetween(10L, 20L);
            assertThat(stats.component("spout").orElseThrow().failed()).isZero();
            assertThat(stats.component(CheckpointSpout.CHECKPOINT_COMPONENT_ID).orElseThrow().acked())
                    .as("init, then prepare and commit twice").isEqualTo(5);
        }
    }
}
