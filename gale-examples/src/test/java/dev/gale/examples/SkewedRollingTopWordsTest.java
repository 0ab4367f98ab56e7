package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.examples.tools.Rankable;
import dev.gale.examples.tools.Rankings;
import dev.gale.time.SimulatedClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * storm-starter's SkewedRollingTopWords as it is (only its imports changed), run through its main
 * on simulated time, with a {@code -conf} YAML file that adds a recording task hook to every task.
 * Five spout tasks emit a random word every 100 ms for five seconds; counts over a 9 s window
 * sliding every 3 s are split across counter tasks by partial key grouping, summed again per word
 * by RollingCountAggBolt and ranked: one of the final rankings then holds exactly how often each
 * word was emitted.
 */
class SkewedRollingTopWordsTest {
    private static final List<String> WORDS = List.of("nathan", "mike", "jackson", "golda", "bertels");

    @Test
    void theFinalRankingCountsEveryWordOfTheWindowAcrossTheSplitCounters(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("hooks.yaml");
        Files.writeString(conf, "topology.auto.task.hooks:\n  - " + EmitRecorder.class.getName() + "\n");
        EmitRecorder.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            SkewedRollingTopWords.main(new String[] {"skewed", "-conf", conf.toString()});
            for (int i = 0; i < 50; i++) {
                clock.advanceMillis(100); // each spout task sleeps 100 ms (simulated) before each word
            }
            cluster.deactivate("skewed");
            for (int i = 0; i < 100; i++) {
                clock.advanceMillis(100);
            }
            cluster.waitForIdle();

            Map<String, Long> emitted = new TreeMap<>();
            for (List<Object> v : EmitRecorder.of("wordGenerator")) {
                emitted.merge((String) v.get(0), 1L, Long::sum);
            }
            assertThat(emitted.keySet()).isSubsetOf(WORDS);
            assertThat(emitted.values().stream().mapToLong(Long::longValue).sum()).isBetween(240L, 260L);

            List<Map<String, Long>> rankings = EmitRecorder.of("finalRanker").stream()
                    .map(v -> counts((Rankings) v.get(0))).toList();
            assertThat(rankings).isNotEmpty().allSatisfy(r -> {
                assertThat(r.size()).isLessThanOrEqualTo(5);
                assertThat(r.keySet()).isSubsetOf(WORDS);
                assertThat(List.copyOf(r.values())).isSortedAccordingTo((a, b) -> Long.compare(b, a));
            });
            // Once the window covers every word and both counter tasks of each word have reported.
            assertThat(rankings).anySatisfy(r -> assertThat(new TreeMap<>(r)).isEqualTo(emitted));
            // Partial key grouping: each word is counted by at most two counter tasks, and (its load
            // balanced) by both; the aggregator sums them again.
            Map<Object, Set<Integer>> countersOf = new TreeMap<>();
            for (EmitRecorder.Emit e : EmitRecorder.emits("counter")) {
                countersOf.computeIfAbsent(e.values().get(0), k -> new TreeSet<>()).add(e.task());
            }
            assertThat(countersOf.values()).allSatisfy(tasks -> assertThat(tasks.size()).isLessThanOrEqualTo(2))
                    .anySatisfy(tasks -> assertThat(tasks).hasSize(2));
            assertThat(EmitRecorder.of("aggregator")).isNotEmpty();
        }
    }

    /** Word to count, in rank order. */
    private static Map<String, Long> counts(Rankings rankings) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Rankable r : rankings.getRankings()) {
            out.put((String) r.getObject(), r.getCount());
        }
        return out;
    }
}
