package dev.gale.impl.spout;

import dev.gale.Config;
import dev.gale.impl.util.LeadingPad;
import dev.gale.utils.ConfigValues;
import java.util.Map;

/**
 * How many trees one spout task may have pending right now. The ceiling is
 * {@code topology.max.spout.pending}, or {@value #DEFAULT_MAX} when it is unset (with ackers; with
 * none nothing is ever pending). Below it the limit adapts (unless {@code gale.spout.pending.adaptive}
 * is false): halved when a tree emitted under the current limit times out, raised by one for each
 * limit's worth of acks, as TCP's congestion window.
 *
 * <p>Why: with more trees in flight than a slow bolt clears within the message timeout, every
 * tuple waits in the queue past its timeout, is replayed behind stale copies of itself, and no
 * tree ever completes again. A fixed cap only helps if it is below what the slowest bolt clears in
 * the timeout, which the engine cannot know in advance; a timeout of a tree emitted since the last
 * cut says the limit is still too high, so cutting until timeouts stop finds it. A timeout of an
 * older tree says nothing new and is ignored, so one burst of timeouts cuts once, not per tree.
 *
 * <p>Not thread-safe: owned by the spout executor.
 */
public final class PendingLimit extends LeadingPad {
    /**
     * Trees per spout task when max spout pending is unset: a queue's worth (receive queues hold
     * 1024), where Gale's acked throughput is already at its peak (the ack-1000 and ack-5000
     * benchmarks run at the same rate), while pending tables and queues stay small.
     */
    public static final int DEFAULT_MAX = 1000;

    private final int max;
    private final boolean adaptive;
    private int limit;
    private int acksSinceRaise;
    /** The trailing pad (see {@link LeadingPad}): fields written per tuple or call in front, the next object behind. */
    int r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15,
            r16, r17, r18, r19, r20, r21, r22, r23, r24, r25, r26, r27, r28, r29, r30, r31;
    private long lastCutNanos = Long.MIN_VALUE;

    public PendingLimit(int max, boolean adaptive) {
        if (max < 1) {
            throw new IllegalArgumentException("max pending must be at least 1, got " + max);
        }
        this.max = max;
        this.adaptive = adaptive;
        this.limit = max;
    }

    /** The per-task ceiling a topology configuration asks for: its max spout pending, else {@link #DEFAULT_MAX}. */
    public static int configuredMax(Map<String, Object> conf) {
        return conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) == null ? DEFAULT_MAX
                : ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_MAX_SPOUT_PENDING, DEFAULT_MAX);
    }

    /** Whether a configuration lets the limit adapt below its ceiling (the default). */
    public static boolean adaptive(Map<String, Object> conf) {
        return ConfigValues.getBoolean(conf, Config.GALE_SPOUT_PENDING_ADAPTIVE, true);
    }

    /** Trees the task may have pending now, between 1 and the ceiling. */
    public int limit() {
        return limit;
    }

    public int max() {
        return max;
    }

    /** A tree of the task completed. */
    public void acked() {
        if (limit < max && ++acksSinceRaise >= limit) {
            limit++;
            acksSinceRaise = 0;
        }
    }

    /**
     * A tree of the task, emitted at {@code startNanos}, timed out at {@code nowNanos}; returns
     * whether that cut the limit.
     */
    public boolean timedOut(long startNanos, long nowNanos) {
        if (!adaptive || startNanos < lastCutNanos) {
            return false;
        }
        limit = Math.max(1, limit / 2);
        acksSinceRaise = 0;
        lastCutNanos = nowNanos;
        return true;
    }
}
