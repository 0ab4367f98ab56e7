package dev.gale.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Storm's public ShuffleGrouping: an exact round-robin over the targets, also under concurrent calls. */
class ShuffleGroupingTest {

    @Test
    void everyTargetGetsTheSameShare() {
        ShuffleGrouping g = new ShuffleGrouping();
        g.prepare(null, null, List.of(0, 1, 2, 3, 4, 5));
        int[] counts = new int[6];
        for (int i = 0; i < 30_000; i++) {
            List<Integer> chosen = g.chooseTasks(100, List.of());
            assertThat(chosen).hasSize(1);
            counts[chosen.get(0)]++;
        }
        assertThat(counts).containsOnly(5_000);
    }

    @Test
    void concurrentCallersStillShareExactlyEvenly() throws Exception {
        ShuffleGrouping g = new ShuffleGrouping();
        g.prepare(null, null, List.of(0, 1, 2, 3, 4, 5));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<int[]>> results = new ArrayList<>();
            for (int t = 0; t < 10; t++) {
                results.add(pool.submit(() -> {
                    int[] counts = new int[6];
                    for (int i = 0; i < 30_000; i++) {
                        counts[g.chooseTasks(100, List.of()).get(0)]++;
                    }
                    return counts;
                }));
            }
            int[] total = new int[6];
            for (Future<int[]> f : results) {
                int[] c = f.get();
                for (int i = 0; i < 6; i++) {
                    total[i] += c[i];
                }
            }
            assertThat(total).containsOnly(50_000);
        } finally {
            pool.shutdownNow();
        }
    }
}
