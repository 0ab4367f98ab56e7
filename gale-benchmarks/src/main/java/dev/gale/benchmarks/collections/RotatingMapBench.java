package dev.gale.benchmarks.collections;

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
 * Gale's RotatingMap against Storm's on the acker-like {@link RotatingWorkload}: one operation is
 * one life cycle (put, get and remove of a short-lived key, one background put, amortised
 * rotation with an expiry callback).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class RotatingMapBench {
    @Param({"65536", "1048576"})
    int live;

    @Param({"gale", "storm"})
    String impl;

    private RotatingWorkload workload;
    private Long[] shortLived;
    private Long[] background;
    private Impls.ExpiringMap map;
    private int next;
    private int sinceRotation;

    @Setup(Level.Trial)
    public void setUp() {
        workload = new RotatingWorkload(live);
        shortLived = Keys.boxed(workload.shortLived);
        background = Keys.boxed(workload.background);
        map = Impls.rotating(impl);
        for (int i = 0; i < workload.warmupLifecycles(); i++) {
            lifecycle();
        }
    }

    @Benchmark
    public Object lifecycle() {
        int n = next++ & workload.mask;
        Long key = shortLived[n];
        map.put(key, Impls.VALUE);
        Object value = map.get(key);
        map.remove(key);
        map.put(background[n], Impls.VALUE);
        if (++sinceRotation == workload.rotationEvery) {
            sinceRotation = 0;
            map.rotate();
        }
        return value;
    }

    /** Runs the workload to the point where the background holds {@code live} entries. */
    static RotatingMapBench steadyState(String impl, int live) {
        RotatingMapBench b = new RotatingMapBench();
        b.live = live;
        b.impl = impl;
        b.workload = new RotatingWorkload(live);
        b.shortLived = Keys.boxed(b.workload.shortLived);
        b.background = Keys.boxed(b.workload.background);
        b.map = Impls.rotating(impl);
        for (int i = 0; i < b.workload.footprintLifecycles(); i++) {
            b.lifecycle();
        }
        return b;
    }

    Object structure() {
        return map.structure();
    }

    /** Every key object the workload uses, and the value: left out of retained sizes. */
    Object[] keysAndValue() {
        return new Object[] {shortLived, background, Impls.VALUE};
    }
}
