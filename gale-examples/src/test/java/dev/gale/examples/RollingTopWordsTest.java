package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.examples.tools.Ranking;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * RollingTopWords on simulated time, its emits recorded by {@link EmitLog}: the words of a short
 * burst, all within one window, must come out of the last stage as their top three, and leave it
 * once the window has slid past them.
 */
class RollingTopWordsTest {

    @Test
    void theTopStageRanksTheWordsOfTheWindowAndForgetsThemOnceItSlidesPast() throws Exception {
        EmitLog.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withDaemonConf(EmitLog.daemonConf())
                .build()) {
            cluster.submitTopology("rolling", Map.of(), RollingTopWords.createTopology());
            advance(clock, 2_000);
            cluster.deactivate("rolling");
            advance(clock, 200);
            cluster.waitForIdle();
            Map<String, Long> emitted = new TreeMap<>();
            EmitLog.of("words").forEach(v -> emitted.merge((String) v.get(0), 1L, Long::sum));
            assertThat(emitted.values().stream().mapToLong(Long::longValue).sum()).isBetween(38L, 44L);
            List<Ranking.Entry> expected = topThree(emitted);

            // Counts reach the top stage within a slide and two rankings; the window keeps them for 12 s.
            List<Ranking.Entry> seen = new ArrayList<>();
            for (int s = 0; s < 8 && !seen.equals(expected); s++) {
                advance(clock, 1_000);
                cluster.waitForIdle();
                seen = latestTop();
            }
            assertThat(seen).isEqualTo(expected);

            advance(clock, RollingTopWords.WINDOW_SECS * 1_000);
            cluster.waitForIdle();
            assertThat(latestTop()).isEmpty();
        }
    }

    static void advance(SimulatedClock clock, long millis) {
        for (long t = 0; t < millis; t += 100) {
            clock.advanceMillis(100); // the spout waits 100 ms (simulated) before each word
        }
    }

    /** The top three as the example ranks them: highest count first, ties in word order. */
    static List<Ranking.Entry> topThree(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(3).map(e -> new Ranking.Entry(e.getKey(), e.getValue())).toList();
    }

    static List<Ranking.Entry> latestTop() {
        List<List<Object>> tops = EmitLog.of("top");
        return tops.isEmpty() ? List.of() : ((Ranking) tops.get(tops.size() - 1).get(0)).entries();
    }
}
