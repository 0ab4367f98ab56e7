package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.time.SimulatedClock;
import dev.gale.tuple.Tuple;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * SlidingTupleTsTopology on simulated time, its emits recorded on every stream by
 * {@link StreamEmits}: every window holds exactly the
 * readings measured within its bounds, but for those sent to the late stream.
 */
class SlidingTupleTsTopologyTest {

    @Test
    void eachWindowHoldsTheReadingsMeasuredInItsBoundsAndLateOnesGoToTheLateStream() throws Exception {
        StreamEmits.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("event-time", StreamEmits.conf(), SlidingTupleTsTopology.createTopology());
            for (int i = 0; i < 200; i++) {
                clock.advanceMillis(100); // the spout waits 100 ms (simulated) before each reading
            }
            cluster.waitForIdle();

            List<List<Object>> readings = StreamEmits.values("readings", "default");
            Set<Long> lateSeqs = new HashSet<>();
            for (List<Object> late : StreamEmits.values("peaks", SlidingTupleTsTopology.LATE_STREAM)) {
                lateSeqs.add(((Tuple) late.get(0)).getLongByField("seq"));
            }
            assertThat(lateSeqs).as("readings more than the lag late").isNotEmpty().hasSizeLessThan(readings.size() / 4);

            List<List<Object>> windows = StreamEmits.values("peaks", "default");
            assertThat(windows).hasSizeGreaterThan(5);
            for (List<Object> w : windows) {
                long from = (Long) w.get(0);
                long to = (Long) w.get(1);
                assertThat(to - from).isEqualTo(SlidingTupleTsTopology.WINDOW_SECS * 1_000L);
                List<Integer> in = readings.stream()
                        .filter(r -> (Long) r.get(2) > from && (Long) r.get(2) <= to && !lateSeqs.contains((Long) r.get(3)))
                        .map(r -> (Integer) r.get(1)).toList();
                assertThat(w.subList(2, 4)).as("window (%d, %d]", from, to)
                        .containsExactly(in.size(), in.stream().mapToInt(Integer::intValue).max().orElse(0));
            }
            // Windows slide by 2 s of event time.
            for (int i = 1; i < windows.size(); i++) {
                assertThat((Long) windows.get(i).get(1) - (Long) windows.get(i - 1).get(1))
                        .isEqualTo(SlidingTupleTsTopology.SLIDE_SECS * 1_000L);
            }
        }
    }
}
