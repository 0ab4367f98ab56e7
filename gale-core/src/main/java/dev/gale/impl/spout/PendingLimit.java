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
public final class PendingLimit extends LeadingPad {
    private final int ceiling;
    private final boolean adaptive;
    /**
     * Complete latency above which a tree says the queues are congested: half the timeout, or,
     * with time windows that hold each tuple for a while by design, that hold plus half of what
     * the timeout leaves beyond it.
     */
    private final long congestedNanos;
    private int limit;
    private int acksSinceChange;
    /** 1 once the task ran into its limit since the last change (an int: see the trailing pad). */
    private int ranIntoLimit;
    /** The trailing pad (see {@link LeadingPad}): fields written per tuple or call in front, the next object behind. */
    int r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15,
            r16, r17, r18, r19, r20, r21, r22, r23, r24, r25, r26, r27, r28, r29, r30, r31;
    private long lastCutNanos = Long.MIN_VALUE;
    /** The emit time of the newest tree acked so far. */
    private long newestAckedStart = Long.MIN_VALUE;

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
        ranIntoLimit = 1;
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
        } else if (limit < ceiling && ++acksSinceChange >= limit && ranIntoLimit != 0) {
            limit = (int) Math.min(ceiling, 2L * limit);
            acksSinceChange = 0;
            ranIntoLimit = 0;
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
        ranIntoLimit = 0;
        lastCutNanos = nowNanos;
        return true;
    }
}
