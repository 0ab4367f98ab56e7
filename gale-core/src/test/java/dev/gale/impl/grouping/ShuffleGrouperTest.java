package dev.gale.impl.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ShuffleGrouperTest {
    private static final Object THREAD_A = "thread A";
    private static final Object THREAD_B = "thread B";
    private static final int[] TARGETS = {10, 11, 12, 13};

    /** A placement the test sets by hand: task -> thread token, task -> queue fill. */
    private final Map<Integer, Object> threads = new HashMap<>();
    private final Map<Integer, Double> loads = new HashMap<>();
    private final Placement placement = new Placement() {
        @Override
        public Object threadOf(int taskId) {
            return threads.get(taskId);
        }

        @Override
        public double load(int taskId) {
            return loads.getOrDefault(taskId, 0.0);
        }
    };

    @BeforeEach
    void twoSpoutsOnTwoThreadsWithTwoTargetsEach() {
        threads.put(1, THREAD_A);
        threads.put(2, THREAD_B);
        threads.put(10, THREAD_A);
        threads.put(11, THREAD_B);
        threads.put(12, THREAD_A);
        threads.put(13, THREAD_B);
    }

    private ShuffleGrouper aware(int emitter) {
        ShuffleGrouper g = new ShuffleGrouper(TARGETS, emitter, new int[] {1, 2}, true, 0.8, 0.2);
        g.placement(placement);
        return g;
    }

    /** How many of the next {@code n} tuples each target got. */
    private static Map<Integer, Integer> choose(ShuffleGrouper g, int n) {
        Map<Integer, Integer> counts = new TreeMap<>();
        int[] out = new int[1];
        for (int i = 0; i < n; i++) {
            assertThat(g.chooseTasks(List.of(), out, 0)).isEqualTo(1);
            counts.merge(out[0], 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void tuplesGoRoundRobinToTheTargetsOnTheEmittersThread() {
        assertThat(choose(aware(1), 1000)).isEqualTo(Map.of(10, 500, 12, 500));
        assertThat(choose(aware(2), 1000)).isEqualTo(Map.of(11, 500, 13, 500));
    }

    @Test
    void aTargetOnAThreadWithoutAnEmitterKeepsEveryTargetInPlay() {
        threads.put(2, THREAD_A); // both spouts on A: the targets on B would get nothing
        assertThat(choose(aware(1), 1000)).isEqualTo(Map.of(10, 250, 11, 250, 12, 250, 13, 250));
    }

    @Test
    void overloadedLocalTargetsSpillOverEveryTargetUntilTheirLoadFallsBelowTheLowerBound() {
        ShuffleGrouper g = aware(1);
        assertThat(choose(g, ShuffleGrouper.REFRESH_EVERY)).containsOnlyKeys(10, 12);
        loads.put(10, 0.9);
        loads.put(12, 0.7); // average 0.8: at the higher bound
        assertThat(choose(g, ShuffleGrouper.REFRESH_EVERY)).containsOnlyKeys(10, 11, 12, 13);
        loads.put(10, 0.5);
        loads.put(12, 0.3); // 0.4: between the bounds, so it stays spread
        assertThat(choose(g, ShuffleGrouper.REFRESH_EVERY)).containsOnlyKeys(10, 11, 12, 13);
        loads.put(10, 0.1);
        loads.put(12, 0.2); // 0.15: below the lower bound, back to local
        assertThat(choose(g, ShuffleGrouper.REFRESH_EVERY)).containsOnlyKeys(10, 12);
    }

    @Test
    void aMoveIsFollowedWithinOneRefreshPeriod() {
        ShuffleGrouper g = aware(1);
        assertThat(choose(g, ShuffleGrouper.REFRESH_EVERY)).containsOnlyKeys(10, 12);
        threads.put(12, THREAD_B);
        threads.put(13, THREAD_A); // the watchdog swapped two targets
        assertThat(choose(g, ShuffleGrouper.REFRESH_EVERY)).containsOnlyKeys(10, 13);
    }

    @Test
    void withLoadAwareMessagingDisabledOrNothingKnownItIsAnExactRoundRobinOverAll() {
        ShuffleGrouper disabled = new ShuffleGrouper(TARGETS, 1, new int[] {1, 2}, false, 0.8, 0.2);
        disabled.placement(placement);
        assertThat(choose(disabled, 1000)).isEqualTo(Map.of(10, 250, 11, 250, 12, 250, 13, 250));
        threads.clear(); // not started: no thread known
        assertThat(choose(aware(1), 1000)).isEqualTo(Map.of(10, 250, 11, 250, 12, 250, 13, 250));
    }

    @Test
    void whenEveryTargetSharesTheEmittersThreadTheOrderIsTheUsualRoundRobin() {
        threads.replaceAll((task, thread) -> THREAD_A); // one thread, as under the step scheduler
        ShuffleGrouper plain = new ShuffleGrouper(TARGETS, 1);
        ShuffleGrouper aware = aware(1);
        int[] a = new int[1];
        int[] b = new int[1];
        for (int i = 0; i < 2 * ShuffleGrouper.REFRESH_EVERY; i++) {
            plain.chooseTasks(List.of(), a, 0);
            aware.chooseTasks(List.of(), b, 0);
            assertThat(b[0]).as("choice %d", i).isEqualTo(a[0]);
        }
    }
}
