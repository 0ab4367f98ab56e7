package dev.gale.utils;

import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Lincheck runs puts, renewals, reads and removals of a few keys concurrently with rotations
 * (detach a bucket under the lock, unindex it chunk by chunk, report it without the lock) and
 * checks every outcome matches some sequential order of the same operations; a rotation returns
 * what it reported, so an entry reported expired must be one no later read could still see.
 *
 * <p>The rotations run on a Lincheck thread (one at a time, as on the expiry thread, which is
 * stopped here) so the model checker controls their interleaving too. Checked to fail when
 * unindexing skips the lock. Model checking takes ~15 s on two cores.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:3")
@Param(name = "value", gen = IntGen.class, conf = "1:9")
public class TimeCacheMapLincheckTest {

    /** Written only by the rotating thread (rotations are one non-parallel group). */
    private final List<String> reported = new ArrayList<>();
    private final TimeCacheMap<Integer, Integer> map =
            new TimeCacheMap<>(1, 2, (k, v) -> reported.add(k + "=" + v), new SimulatedClock());

    public TimeCacheMapLincheckTest() {
        map.close(); // stops the expiry thread; the map stays usable
    }

    @Operation
    public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
        map.put(key, value);
    }

    @Operation
    public Integer get(@Param(name = "key") int key) {
        return map.get(key);
    }

    @Operation
    public boolean containsKey(@Param(name = "key") int key) {
        return map.containsKey(key);
    }

    @Operation
    public Integer remove(@Param(name = "key") int key) {
        return map.remove(key);
    }

    @Operation
    public int size() {
        return map.size();
    }

    @Operation(nonParallelGroup = "rotation")
    public List<String> rotate() {
        map.rotate();
        List<String> out = new ArrayList<>(reported);
        reported.clear();
        Collections.sort(out);
        return out;
    }

    @Test
    void modelCheckingFindsOnlyLinearizableRuns() {
        new ModelCheckingOptions()
                .iterations(12)
                .invocationsPerIteration(150)
                .threads(2)
                .actorsPerThread(3)
                .check(TimeCacheMapLincheckTest.class);
    }

    @Test
    void stressRunsFindOnlyLinearizableRuns() {
        new StressOptions()
                .iterations(10)
                .invocationsPerIteration(200)
                .threads(3)
                .actorsPerThread(3)
                .check(TimeCacheMapLincheckTest.class);
    }
}
