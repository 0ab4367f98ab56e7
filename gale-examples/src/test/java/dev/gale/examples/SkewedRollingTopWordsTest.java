package dev.gale.examples;

import static dev.gale.examples.RollingTopWordsTest.advance;
import static dev.gale.examples.RollingTopWordsTest.latestTop;
import static dev.gale.examples.RollingTopWordsTest.topThree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.tools.Ranking;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * SkewedRollingTopWords on simulated time, its emits recorded by {@link EmitLog} and, with their
 * tasks, by {@link StreamEmits}: the hot word is split over two counter tasks,
 * no word over more, and the top stage still ranks whole counts.
 */
class SkewedRollingTopWordsTest {

    @Test
    void theHotWordIsCountedByTwoTasksAndItsPartsAreAddedUpBeforeTheRanking() throws Exception {
        EmitLog.clear();
        StreamEmits.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withDaemonConf(EmitLog.daemonConf())
                .build()) {
            cluster.submitTopology("skewed", Map.of(Config.TOPOLOGY_AUTO_TASK_HOOKS,
                    List.of(EmitLog.class.getName(), StreamEmits.class.getName())),
                    SkewedRollingTopWords.createTopology());
            advance(clock, 2_000);
            cluster.deactivate("skewed");
            advance(clock, 200);
            cluster.waitForIdle();
            Map<String, Long> emitted = new TreeMap<>();
            EmitLog.of("words").forEach(v -> emitted.merge((String) v.get(0), 1L, Long::sum));
            long total = emitted.values().stream().mapToLong(Long::longValue).sum();
            assertThat(emitted.get("mistral")).as("the hot word of %s", emitted).isGreaterThan(total / 3);
            List<Ranking.Entry> expected = topThree(emitted);

            List<Ranking.Entry> seen = new ArrayList<>();
            for (int s = 0; s < 8 && !seen.equals(expected); s++) {
                advance(clock, 1_000);
                cluster.waitForIdle();
                seen = latestTop();
            }
            assertThat(seen).isEqualTo(expected);
            Map<Object, Set<Integer>> countersOf = new TreeMap<>();
            for (StreamEmits.Emit e : StreamEmits.of("counter", "default")) {
                countersOf.computeIfAbsent(e.values().get(0), w -> new TreeSet<>()).add(e.task());
            }
            assertThat(countersOf.get("mistral")).hasSize(2);
            assertThat(countersOf.values()).allSatisfy(tasks -> assertThat(tasks).hasSizeBetween(1, 2));

            advance(clock, RollingTopWords.WINDOW_SECS * 1_000);
            cluster.waitForIdle();
            assertThat(latestTop()).isEmpty();
        }
    }
}
