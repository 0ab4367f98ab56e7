package dev.gale.impl.spout;

import dev.gale.impl.topology.ComponentSettings.PendingSpec;
import dev.gale.impl.util.LeadingPad;

/**
 * How many trees one spout task may have pending right now.
 *
 * <p>An explicit {@code topology.max.spout.pending} is a fixed cap, as in Storm, unless the user
 * opts in to adaptation ({@code gale.spout.pending.adaptive=true}; the cap is then its ceiling).
 * Unset, the limit starts at 1000 and adapts between 1 and 65536 (unless
 * {@code gale.spout.pending.adaptive=false}, which keeps it at the start); see {@link PendingSpec}.
 *
 * <p>Adaptation reacts to congestion, never to loss. A tree that completes after more than half
 * the message timeout waited that long in queues, and the next ones will wait longer and time out:
 * the limit is halved. A tree that times out cuts it only if no tree emitted after it has
 * completed since: then the topology is stuck, not lossy. A tree that was dropped (by a bolt
 * that never acks, a lost acker message) while later trees complete says nothing about the queues,
 * and cutting on it would starve a topology that loses a few percent of its trees for good: its
 * lost trees hold pending slots until they time out, which is exactly when it needs the room.
 * One burst of slow trees cuts once, not per tree: only a tree emitted after the last cut can cut
 * again. The limit doubles after each limit's worth of acks without congestion, but only while
 * the task ran into it: a spout that never fills its limit has no evidence that a larger one
 * would be safe.
 *
 * <p>Not thread-safe: owned by the spout executor.
 */
public final class PendingLimit extends PendingLimitPad {
    private final int ceiling;
    private final boolean adaptive;
    /**
     * Complete latency above which a tree says the queues are congested: half the timeout, or,
     * with time windows that hold each tuple for a while by design, that hold plus half of what
     * the timeout leaves beyond it.
     */
    private final long congestedNanos;

    /**
     * @param start the limit to begin with
     * @param ceiling the most it may grow to (a fixed limit has start == ceiling and no adaptation)
     * @param adaptive whether it adapts at all
     * @param messageTimeoutNanos the topology's message timeout
     */
    public PendingLimit(int start, int ceiling, boolean adaptive, long messageTimeoutNanos) {
        this(start, ceiling, adaptive, messageTimeoutNanos, 0);
    }

    /** Same, for a topology whose time windows hold a tuple for up to {@code holdNanos} by design. */
    public PendingLimit(int start, int ceiling, boolean adaptive, long messageTimeoutNanos, long holdNanos) {
        if (start < 1 || ceiling < start) {
            throw new IllegalArgumentException("need 1 <= start <= ceiling, got " + start + " and " + ceiling);
        }
        this.ceiling = ceiling;
        this.adaptive = adaptive;
        this.limit = start;
        long hold = holdNanos > 0 && holdNanos < messageTimeoutNanos ? holdNanos : 0;
        this.congestedNanos = hold + (messageTimeoutNanos - hold) / 2;
    }

    /** The limit a component's settings ask for, per spout task; {@code holdNanos} as {@code TopologyPlan.windowHoldNanos}. */
    public static PendingLimit of(PendingSpec spec, long messageTimeoutNanos, long holdNanos) {
        return new PendingLimit(spec.start(), spec.ceiling(), spec.adaptive(), messageTimeoutNanos, holdNanos);
    }

    /** Trees the task may have pending now, between 1 and the ceiling. */
    public int limit() {
        return limit;
    }

    public int ceiling() {
        return ceiling;
    }

    /** The task has as many trees pending as it may: it cannot emit until one completes. */
    public void reached() {
        ranIntoLimit = true;
    }

    /** A tree of the task, emitted at {@code startNanos}, completed at {@code nowNanos}. */
    public void acked(long startNanos, long nowNanos) {
        if (startNanos > newestAckedStart) {
            newestAckedStart = startNanos;
        }
        if (!adaptive) {
            return;
        }
        if (nowNanos - startNanos > congestedNanos) {
            cut(startNanos, nowNanos);
        } else if (limit < ceiling && ++acksSinceChange >= limit && ranIntoLimit) {
            limit = (int) Math.min(ceiling, 2L * limit);
            acksSinceChange = 0;
            ranIntoLimit = false;
        }
    }

    /**
     * A tree of the task, emitted at {@code startNanos}, timed out at {@code nowNanos}; returns
     * whether that cut the limit (only when no tree emitted after it has completed since).
     */
    public boolean timedOut(long startNanos, long nowNanos) {
        if (!adaptive || newestAckedStart >= startNanos) {
            return false;
        }
        return cut(startNanos, nowNanos);
    }

    private boolean cut(long startNanos, long nowNanos) {
        if (startNanos < lastCutNanos) {
            return false; // emitted before the last cut: the news that caused it, again
        }
        limit = Math.max(1, limit / 2);
        acksSinceChange = 0;
        ranIntoLimit = false;
        lastCutNanos = nowNanos;
        return true;
    }
}

/** The fields of {@link PendingLimit} that change after construction, in front of its trailing pad. */
abstract class PendingLimitFields extends LeadingPad {
    int limit;
    int acksSinceChange;
    /** Whether the task ran into its limit since the last change. */
    boolean ranIntoLimit;
    long lastCutNanos = Long.MIN_VALUE;
    /** The emit time of the newest tree acked so far. */
    long newestAckedStart = Long.MIN_VALUE;
}

/** 128 bytes between {@link PendingLimitFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class PendingLimitPad extends PendingLimitFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
