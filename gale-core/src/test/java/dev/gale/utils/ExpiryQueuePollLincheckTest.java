package dev.gale.utils;

import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * The interleavings that matter most, made likely: every scenario starts with a due bucket that
 * holds elements 1, 2 and 3, and every update and removal touches 1 or 2, so a poll taking that bucket
 * (and forgetting its elements) races updates and removals of those same elements. In the random
 * scenarios of {@link ExpiryQueueLincheckTest} that race is rare: that test did not catch a
 * forget that skips the lock, even at its thorough setting; this one catches it every time (3 of
 * 3 runs, ~10 s each).
 */
@Param(name = "elem", gen = IntGen.class, conf = "1:2")
@Param(name = "millis", gen = IntGen.class, conf = "0:25")
public class ExpiryQueuePollLincheckTest {

    private final SimulatedClock clock = new SimulatedClock();
    private final ExpiryQueue<Integer> queue = new ExpiryQueue<>(10, clock);

    public ExpiryQueuePollLincheckTest() {
        for (int elem = 1; elem <= 3; elem++) {
            queue.update(elem, 5);
        }
        clock.advanceMillis(10); // the bucket at 10 ms, holding 1, 2 and 3, is due
    }

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
        List<Integer> list = new ArrayList<>((Set<Integer>) queue.poll());
        Collections.sort(list);
        return list;
    }

    @Test
    void pollsRacingUpdatesOfTheirElementsAreLinearizable() {
        new ModelCheckingOptions()
                .iterations(10)
                .invocationsPerIteration(150)
                .threads(2)
                .actorsPerThread(3)
                .check(ExpiryQueuePollLincheckTest.class);
    }
}
