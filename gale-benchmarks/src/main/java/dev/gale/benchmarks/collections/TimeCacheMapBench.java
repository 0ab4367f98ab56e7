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
import org.openjdk.jmh.annotations.TearDown;

/**
 * Gale's TimeCacheMap against Caffeine and Guava caches with {@code expireAfterWrite}, all on the
 * real clock with a {@value Impls#CACHE_EXPIRY_SECS} s expiry: {@code live} background entries
 * are renewed (put again) round robin, and one operation is one life cycle: put, get and remove
 * of a short-lived key plus one background renewal.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class TimeCacheMapBench {
    @Param({"65536", "1048576"})
    int live;

    @Param({"gale", "caffeine", "guava"})
    String impl;

    private Long[] shortLived;
    private Long[] background;
    private int shortMask;
    private Impls.ExpiringMap map;
    private int next;
    private int nextBackground;

    @Setup(Level.Trial)
    public void setUp() {
        init();
    }

    private void init() {
        long[] keys = Keys.randomLongs(3 * live, 0x7C7CL + live);
        long[] shortKeys = new long[2 * live];
        long[] backgroundKeys = new long[live];
        System.arraycopy(keys, 0, shortKeys, 0, 2 * live);
        System.arraycopy(keys, 2 * live, backgroundKeys, 0, live);
        shortLived = Keys.boxed(shortKeys);
        background = Keys.boxed(backgroundKeys);
        shortMask = 2 * live - 1;
        map = Impls.timed(impl);
        for (Long key : background) {
            map.put(key, Impls.VALUE);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        map.close();
    }

    @Benchmark
    public Object lifecycle() {
        Long key = shortLived[next++ & shortMask];
        map.put(key, Impls.VALUE);
        Object value = map.get(key);
        map.remove(key);
        map.put(background[nextBackground], Impls.VALUE);
        if (++nextBackground == live) {
            nextBackground = 0;
        }
        return value;
    }

    static TimeCacheMapBench steadyState(String impl, int live) {
        TimeCacheMapBench b = new TimeCacheMapBench();
        b.live = live;
        b.impl = impl;
        b.init();
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
