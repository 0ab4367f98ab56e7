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
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

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
     * Opt-in ({@code -Dgale.lincheck=true}): instrumenting costs ~8 s and each scenario ~2 s on
     * two cores, beyond the suite's budget.
     */
    @Test
    @EnabledIfSystemProperty(named = "gale.lincheck", matches = "true")
    void modelCheckingFindsOnlyLinearizableRuns() {
        new ModelCheckingOptions()
                .iterations(30)
                .invocationsPerIteration(300)
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
