package dev.gale.benchmarks.compare;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the stateful word count measures of its checkpoints, the same on every engine: how many
 * distinct keys its state holds, and how long each task's prepare phase takes from its
 * {@code prePrepare} to its {@code preCommit} (the checkpoint round: the prepare of every task, and
 * the coordinator's turn to commit). Thread-safe.
 */
public final class StateMeter {
    public static final LongAdder KEYS = new LongAdder();
    public static final LongAdder CHECKPOINTS = new LongAdder();
    public static final LongAdder CHECKPOINT_NANOS = new LongAdder();
    private static long maxNanos;

    private StateMeter() {
    }

    public static void checkpoint(long nanos) {
        CHECKPOINTS.increment();
        CHECKPOINT_NANOS.add(nanos);
        synchronized (StateMeter.class) {
            maxNanos = Math.max(maxNanos, nanos);
        }
    }

    /** The longest checkpoint since the last call, and resets it. */
    public static synchronized long takeMaxNanos() {
        long m = maxNanos;
        maxNanos = 0;
        return m;
    }
}
