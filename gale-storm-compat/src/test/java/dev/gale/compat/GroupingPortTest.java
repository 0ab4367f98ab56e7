package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.grouping.ShuffleGrouping;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * Ports of Storm 2.8's storm-client {@code grouping/ShuffleGroupingTest} and
 * {@code grouping/partialKeyGrouping/PartialKeyGroupingTest}: the public groupings round-robin
 * evenly (also across threads), and partial key grouping alternates a key between two tasks.
 * Storm mocks the worker context with Mockito; these groupings do not read it, so null stands in.
 */
class GroupingPortTest {
    private static final int NUM_TASKS = 6;

    @Test
    void shuffleGroupingRoundRobinsEvenly() {
        ShuffleGrouping grouper = new ShuffleGrouping();
        grouper.prepare(null, null, taskIds());
        int[] counts = new int[NUM_TASKS];
        for (int i = 1; i <= 30000; i++) {
            List<Integer> chosen = grouper.chooseTasks(100, new ArrayList<>());
            assertThat(chosen).hasSize(1);
            int task = chosen.get(0);
            assertThat(task).isBetween(0, NUM_TASKS - 1);
            counts[task]++;
        }
        assertThat(counts).containsOnly(5000);
    }

    @Test
    void shuffleGroupingStaysEvenAcrossThreads() throws Exception {
        ShuffleGrouping grouper = new ShuffleGrouping();
        grouper.prepare(null, null, taskIds());
        AtomicIntegerArray counts = new AtomicIntegerArray(NUM_TASKS);
        int threads = 10;
        int perThread = 3000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        List<Integer> chosen = grouper.chooseTasks(100, new ArrayList<>());
                        counts.incrementAndGet(chosen.get(0));
                    }
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < NUM_TASKS; i++) {
            assertThat(counts.get(i)).as("task %d", i).isEqualTo(threads * perThread / NUM_TASKS);
        }
    }

    @Test
    void partialKeyGroupingIsSerializable() {
        PartialKeyGrouping grouping = new PartialKeyGrouping(new Fields("some_field"));
        assertThat(Utils.javaSerialize(grouping)).isNotEmpty();
    }

    @Test
    void partialKeyGroupingAlternatesAKeyBetweenTwoTasks() {
        PartialKeyGrouping pkg = new PartialKeyGrouping();
        pkg.prepare(null, null, List.of(0, 1, 2, 3, 4, 5));
        assertAlternates(pkg);
    }

    @Test
    void partialKeyGroupingAlternatesWithNonConsecutiveTaskIds() {
        PartialKeyGrouping pkg = new PartialKeyGrouping();
        pkg.prepare(null, null, List.of(9, 8, 7, 1, 2, 3));
        assertAlternates(pkg);
    }

    private static void assertAlternates(PartialKeyGrouping pkg) {
        Values message = new Values("key1");
        List<Integer> choice1 = pkg.chooseTasks(0, message);
        assertThat(choice1).hasSize(1);
        List<Integer> choice2 = pkg.chooseTasks(0, message);
        assertThat(choice2).isNotEqualTo(choice1);
        List<Integer> choice3 = pkg.chooseTasks(0, message);
        assertThat(choice3).isNotEqualTo(choice2).isEqualTo(choice1);
    }

    private static List<Integer> taskIds() {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < NUM_TASKS; i++) {
            ids.add(i);
        }
        return ids;
    }
}
