package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * StatefulWindowingTopology on simulated time, its emits recorded by {@link StreamEmits}: each
 * window's mean is that of its readings, and its number and gusty count carry on from the state
 * of the window before.
 */
class StatefulWindowingTopologyTest {

    @Test
    void talliesEachWindowInTheBoltsState() throws Exception {
        StreamEmits.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("stateful-windowing", StreamEmits.conf(), StatefulWindowingTopology.createTopology());
            for (int i = 0; i < 50; i++) {
                clock.advanceMillis(100); // the spout waits 100 ms (simulated) before each reading
            }
            cluster.waitForIdle();

            List<Integer> knots = StreamEmits.values("readings", "default").stream().map(v -> (Integer) v.get(1)).toList();
            assertThat(knots).hasSize(50);
            List<List<Object>> expected = new ArrayList<>();
            long gusty = 0;
            for (int end = StatefulWindowingTopology.SLIDE; end <= knots.size(); end += StatefulWindowingTopology.SLIDE) {
                List<Integer> window = knots.subList(Math.max(0, end - StatefulWindowingTopology.WINDOW), end);
                double mean = (double) window.stream().mapToLong(Integer::longValue).sum() / window.size();
                gusty += mean >= StatefulWindowingTopology.GUSTY_KNOTS ? 1 : 0;
                expected.add(List.of((long) expected.size() + 1, mean, gusty));
            }
            assertThat(gusty).as("some windows gusty, some not").isBetween(1L, 9L);
            assertThat(StreamEmits.values("tally", "default")).isEqualTo(expected);

            clock.advanceMillis(100); // the spout takes its acks when it wakes from its wait
            ComponentStats spout = cluster.getTopologyStats("stateful-windowing").component("readings").orElseThrow();
            assertThat(spout.acked()).isPositive().isLessThan(50);
            assertThat(spout.failed()).isZero();
        }
    }
}
