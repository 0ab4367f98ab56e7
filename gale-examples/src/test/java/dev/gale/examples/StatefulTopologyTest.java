package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * StatefulTopology on simulated time, its emits recorded by {@link StreamEmits}: every reading
 * that beats its station's record, and only those, comes out with the record it beat; readings are
 * acked once a checkpoint has committed the state that reflects them.
 */
class StatefulTopologyTest {

    @Test
    void emitsEachNewStationRecordAndAcksReadingsOnlyOnceACheckpointCommitsThem() throws Exception {
        StreamEmits.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("stateful", StreamEmits.conf(), StatefulTopology.createTopology());
            for (int i = 0; i < 25; i++) {
                clock.advanceMillis(100); // the spout waits 100 ms (simulated) before each reading
            }
            cluster.waitForIdle();

            List<List<Object>> readings = StreamEmits.values("readings", "default");
            assertThat(readings).hasSize(25);
            Map<String, Integer> records = new HashMap<>();
            List<List<Object>> expected = new ArrayList<>();
            for (List<Object> r : readings) {
                String station = (String) r.get(0);
                Integer knots = (Integer) r.get(1);
                Integer previous = records.get(station);
                if (previous == null || knots > previous) {
                    records.put(station, knots);
                    expected.add(Arrays.asList(station, knots, previous));
                }
            }
            assertThat(expected.size()).isLessThan(25);
            assertThat(StreamEmits.values("records", "default")).containsExactlyInAnyOrderElementsOf(expected);

            clock.advanceMillis(100); // the spout takes its acks when it wakes from its wait
            ComponentStats spout = cluster.getTopologyStats("stateful").component("readings").orElseThrow();
            // Committed at 1 s and 2 s: the readings up to then, not those since.
            assertThat(spout.acked()).isBetween(18L, 20L);
            assertThat(spout.failed()).isZero();
            // One step to 3.6 s: the spout wakes once on the way (a 26th reading), and the
            // checkpoint at 3 s commits all 26.
            clock.advanceMillis(1_000);
            cluster.waitForIdle();
            clock.advanceMillis(100);
            assertThat(cluster.getTopologyStats("stateful").component("readings").orElseThrow().acked())
                    .as("after the checkpoint at 3 s").isEqualTo(26);
        }
    }
}
