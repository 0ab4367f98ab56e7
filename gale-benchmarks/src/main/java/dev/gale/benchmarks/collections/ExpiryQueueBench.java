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
 * Gale's ExpiryQueue against ZooKeeper's on a session-tracker workload, on the real clock (the
 * ZooKeeper class has no other). {@code live} sessions heartbeat round robin; one operation is
 * one life cycle: a new session is created (update), touched (update) and closed (remove), one
 * background session heartbeats (update), and every 1024 life cycles the queue is polled if a
 * bucket is due. Sessions time out after {@value Impls#SESSION_TIMEOUT_MS} ms in buckets of
 * {@value Impls#EXPIRY_INTERVAL_MS} ms, so a heartbeat moves a session to a new bucket only when
 * a bucket boundary passed since its last one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ExpiryQueueBench {
    @Param({"65536", "1048576"})
    int live;

    @Param({"gale", "zookeeper"})
    String impl;

    private Long[] shortLived;
    private Long[] sessions;
    private int shortMask;
    private Impls.SessionQueue queue;
    private int next;
    private int nextSession;

    @Setup(Level.Trial)
    public void setUp() {
        init();
    }

    private void init() {
        long[] keys = Keys.randomLongs(3 * live, 0xE0E0L + live);
        long[] shortKeys = new long[2 * live];
        long[] sessionKeys = new long[live];
        System.arraycopy(keys, 0, shortKeys, 0, 2 * live);
        System.arraycopy(keys, 2 * live, sessionKeys, 0, live);
        shortLived = Keys.boxed(shortKeys);
        sessions = Keys.boxed(sessionKeys);
        shortMask = 2 * live - 1;
        queue = Impls.queue(impl);
        // Spread the sessions over the buckets of one timeout, as heartbeats over time would.
        int buckets = Impls.SESSION_TIMEOUT_MS / Impls.EXPIRY_INTERVAL_MS;
        for (int i = 0; i < live; i++) {
            queue.update(sessions[i], Impls.SESSION_TIMEOUT_MS - (i % buckets) * Impls.EXPIRY_INTERVAL_MS);
        }
    }

    @Benchmark
    public Object lifecycle() {
        int n = next++;
        Long session = shortLived[n & shortMask];
        queue.update(session, Impls.SESSION_TIMEOUT_MS);
        Long touched = queue.update(session, Impls.SESSION_TIMEOUT_MS);
        queue.remove(session);
        Long heartbeat = sessions[nextSession];
        if (++nextSession == live) {
            nextSession = 0;
        }
        queue.update(heartbeat, Impls.SESSION_TIMEOUT_MS);
        if ((n & 1023) == 0) {
            queue.expireDue();
        }
        return touched;
    }

    static ExpiryQueueBench steadyState(String impl, int live) {
        ExpiryQueueBench b = new ExpiryQueueBench();
        b.live = live;
        b.impl = impl;
        b.init();
        return b;
    }

    Object structure() {
        return queue.structure();
    }

    /** Every key object the workload uses, and the value: left out of retained sizes. */
    Object[] keysAndValue() {
        return new Object[] {shortLived, sessions, Impls.VALUE};
    }
}
