package dev.gale.utils;

import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores interleavings of update/remove/poll/getWaitTime and clock steps and checks
 * every outcome matches some sequential order of the same operations (the queue run alone,
 * itself checked against the reference model in {@link ExpiryQueueTest}).
 */
@Param(name = "elem", gen = IntGen.class, conf = "1:3")
@Param(name = "millis", gen = IntGen.class, conf = "-5:25")
public class ExpiryQueueLincheckTest {

    private final SimulatedClock clock = new SimulatedClock();
    private final ExpiryQueue<Integer> queue = new ExpiryQueue<>(10, clock);

    @Operation
    public Long update(@Param(name = "elem") int elem, @Param(name = "millis") int timeoutMs) {
        return queue.update(elem, timeoutMs);
    }

    @Operation
    public Long remove(@Param(name = "elem") int elem) {
        return queue.remove(elem);
    }

    @Operation
    public List<Integer> poll() {
        return sorted(queue.poll());
    }

    @Operation
    public long getWaitTime() {
        return queue.getWaitTime();
    }

    @Operation
    public Map<Long, Set<Integer>> expiryMap() {
        return queue.getExpiryMap();
    }

    @Operation
    public void advance(@Param(name = "millis") int millis) {
        clock.advanceMillis(Math.max(0, millis));
    }

    /**
     * Every build explores 10 x 150 interleavings (~15 s on two cores, most of it instrumenting);
     * {@code -Dgale.lincheck=true} explores 30 x 300 (~40 s) before a release or after a change to
     * the queue's locking.
     */
    @Test
    void modelCheckingFindsOnlyLinearizableRuns() {
        boolean thorough = Boolean.getBoolean("gale.lincheck");
        new ModelCheckingOptions()
                .iterations(thorough ? 30 : 10)
                .invocationsPerIteration(thorough ? 300 : 150)
                .threads(2)
                .actorsPerThread(3)
                .check(ExpiryQueueLincheckTest.class);
    }

    @Test
    void stressRunsFindOnlyLinearizableRuns() {
        new StressOptions()
                .iterations(20)
                .invocationsPerIteration(500)
                .threads(3)
                .actorsPerThread(3)
                .check(ExpiryQueueLincheckTest.class);
    }

    private static List<Integer> sorted(Set<Integer> elems) {
        List<Integer> list = new ArrayList<>(elems);
        Collections.sort(list);
        return list;
    }
}
