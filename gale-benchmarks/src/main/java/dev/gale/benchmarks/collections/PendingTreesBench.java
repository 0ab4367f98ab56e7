package dev.gale.benchmarks.collections;

import dev.gale.impl.acker.PendingTrees;
import dev.gale.impl.util.LongOpenHashIndex;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The acker's pending store on the same {@link RotatingWorkload} as the rotating maps, with
 * primitive keys: a tree is initialised, acked to zero and removed; a background tree never
 * completes and is dropped by rotation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class PendingTreesBench {
    @Param({"65536", "1048576"})
    int live;

    private RotatingWorkload workload;
    private PendingTrees trees;
    private int next;
    private int sinceRotation;

    @Setup(Level.Trial)
    public void setUp() {
        workload = new RotatingWorkload(live);
        trees = new PendingTrees(RotatingWorkload.NUM_BUCKETS,
                LongOpenHashIndex.capacityFor(RotatingWorkload.NUM_BUCKETS * workload.rotationEvery + 1));
        for (int i = 0; i < workload.warmupLifecycles(); i++) {
            lifecycle();
        }
    }

    @Benchmark
    public long lifecycle() {
        int n = next++ & workload.mask;
        long root = workload.shortLived[n];
        long edge = root * 31 + 7;
        trees.xor(root, edge);
        int slot = trees.xor(root, edge);
        long ackVal = trees.ackVal(slot);
        if (ackVal == 0) {
            trees.remove(slot);
        }
        trees.xor(workload.background[n], edge);
        if (++sinceRotation == workload.rotationEvery) {
            sinceRotation = 0;
            trees.rotate();
        }
        return ackVal;
    }

    static PendingTrees steadyState(int live) {
        PendingTreesBench b = new PendingTreesBench();
        b.live = live;
        b.workload = new RotatingWorkload(live);
        b.trees = new PendingTrees(RotatingWorkload.NUM_BUCKETS,
                LongOpenHashIndex.capacityFor(RotatingWorkload.NUM_BUCKETS * b.workload.rotationEvery + 1));
        for (int i = 0; i < b.workload.footprintLifecycles(); i++) {
            b.lifecycle();
        }
        return b.trees;
    }
}
