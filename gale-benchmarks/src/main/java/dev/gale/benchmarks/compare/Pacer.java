package dev.gale.benchmarks.compare;

/**
 * One spout task's emit schedule under a {@link Pace}: its share of the topology's rate (the rate
 * over the spout's task count), with tree {@code k} due {@code k / share} seconds after the rate
 * was set. The spout asks before each emit; a spout that fell behind (its thread busy, or the rate
 * more than the engine can do) catches up by at most {@link #MAX_BATCH_NANOS} worth of trees and
 * gives up the rest of the lag rather than burst, so the achieved rate shows what was not reached.
 * Not thread-safe: the spout's thread.
 */
final class Pacer {
    /**
     * How far behind the schedule a spout may catch up at once: Storm's idle spout sleeps 1 ms between
     * calls, and on a loaded machine a few; a smaller bound made the rate unreachable there.
     */
    static final long MAX_BATCH_NANOS = 10_000_000L;

    private final int tasks;
    /** The topology rate the schedule was made for; -1 before the first call. */
    private long rate = -1;
    private double nanosPerTree;
    private long startNanos;
    private long sent;
    private long maxBatch;

    /** @param tasks how many tasks of the spout share the topology's rate */
    Pacer(int tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("a spout has at least one task, got " + tasks);
        }
        this.tasks = tasks;
    }

    /** Whether to emit a tree now, at {@code nowNanos}, for topology rate {@code topologyRate} (0: always). */
    boolean mayEmit(long topologyRate, long nowNanos) {
        if (topologyRate == 0) {
            rate = 0;
            return true;
        }
        if (topologyRate != rate) {
            rate = topologyRate;
            nanosPerTree = 1e9 * tasks / topologyRate;
            maxBatch = Math.max(1, (long) (MAX_BATCH_NANOS / nanosPerTree));
            startNanos = nowNanos;
            sent = 0;
        }
        long due = (long) ((nowNanos - startNanos) / nanosPerTree) + 1; // tree 0 is due at the start
        if (sent >= due) {
            return false;
        }
        if (due - sent > maxBatch) {
            sent = due - maxBatch; // the lag beyond a small batch is given up, not emitted in a burst
        }
        sent++;
        return true;
    }
}
