package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SlidingWindowTopology on simulated time, its emits recorded by {@link EmitLog}: every peak is
 * the highest of the readings of its sliding window, every range the lowest and highest of its
 * tumbling window of peaks, and readings are acked once out of every window.
 */
class SlidingWindowTopologyTest {

    @Test
    void peaksSlideOverTheReadingsAndRangesTumbleOverThePeaks() throws Exception {
        EmitLog.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withDaemonConf(EmitLog.daemonConf())
                .build()) {
            cluster.submitTopology("sliding", Map.of(), SlidingWindowTopology.createTopology());
            for (int i = 0; i < 100; i++) {
                clock.advanceMillis(100); // the spout waits 100 ms (simulated) before each reading
            }
            cluster.waitForIdle();

            List<Integer> knots = EmitLog.of("readings").stream().map(v -> (Integer) v.get(1)).toList();
            assertThat(knots).hasSize(100);
            List<List<Object>> expectedPeaks = new ArrayList<>();
            for (int end = SlidingWindowTopology.SLIDE; end <= knots.size(); end += SlidingWindowTopology.SLIDE) {
                List<Integer> window = knots.subList(Math.max(0, end - SlidingWindowTopology.WINDOW), end);
                expectedPeaks.add(List.of(Collections.max(window), window.size()));
            }
            assertThat(EmitLog.of("peaks")).isEqualTo(expectedPeaks);

            List<List<Object>> expectedRanges = new ArrayList<>();
            for (int end = SlidingWindowTopology.BATCH; end <= expectedPeaks.size(); end += SlidingWindowTopology.BATCH) {
                List<Integer> batch = expectedPeaks.subList(end - SlidingWindowTopology.BATCH, end).stream()
                        .map(p -> (Integer) p.get(0)).toList();
                expectedRanges.add(List.of(Collections.min(batch), Collections.max(batch)));
            }
            assertThat(EmitLog.of("range")).hasSize(5).isEqualTo(expectedRanges);

            // A tuple is acked once it has left its last window: a peak at the next tumbling
            // evaluation, so after 20 peaks, peaks 1-16 (windows ending at reading 80). A reading is
            // acked once out of its four sliding windows and their peaks are acked: readings 1-65.
            clock.advanceMillis(100); // the spout takes its acks when it wakes from its wait
            TopologyStats stats = cluster.getTopologyStats("sliding");
            assertThat(stats.component("readings").orElseThrow().acked()).isEqualTo(65);
            assertThat(stats.component("readings").orElseThrow().failed()).isZero();
        }
    }
}
