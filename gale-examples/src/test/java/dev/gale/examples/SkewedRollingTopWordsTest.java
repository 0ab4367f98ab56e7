package dev.gale.examples;

import static dev.gale.examples.RollingTopWordsTest.advance;
import static dev.gale.examples.RollingTopWordsTest.latestTop;
import static dev.gale.examples.RollingTopWordsTest.topThree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.tools.Ranking;
import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * SkewedRollingTopWords on simulated time, its emits recorded by {@link EmitLog} and which counter
 * task counted which word by {@link CounterTasks}: the hot word is split over two counter tasks,
 * no word over more, and the top stage still ranks whole counts.
 */
class SkewedRollingTopWordsTest {

    @Test
    void theHotWordIsCountedByTwoTasksAndItsPartsAreAddedUpBeforeTheRanking() throws Exception {
        EmitLog.clear();
        CounterTasks.BY_WORD.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withDaemonConf(EmitLog.daemonConf())
                .build()) {
            cluster.submitTopology("skewed", Map.of(Config.TOPOLOGY_AUTO_TASK_HOOKS,
                    List.of(EmitLog.class.getName(), CounterTasks.class.getName())),
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
            assertThat(CounterTasks.BY_WORD.get("mistral")).hasSize(2);
            assertThat(CounterTasks.BY_WORD.values()).allSatisfy(tasks -> assertThat(tasks).hasSizeBetween(1, 2));

            advance(clock, RollingTopWords.WINDOW_SECS * 1_000);
            cluster.waitForIdle();
            assertThat(latestTop()).isEmpty();
        }
    }

    /** Records, per word, the counter tasks that emitted a count of it. */
    public static class CounterTasks extends BaseTaskHook {
        static final Map<String, Set<Integer>> BY_WORD = new ConcurrentHashMap<>();
        private boolean counter;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            counter = context.getThisComponentId().equals("counter");
        }

        @Override
        public void emit(EmitInfo info) {
            if (counter) {
                BY_WORD.computeIfAbsent((String) info.values.get(0), w -> ConcurrentHashMap.newKeySet()).add(info.taskId);
            }
        }
    }
}
