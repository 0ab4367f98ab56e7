package dev.gale.impl.spout;

import dev.gale.Config;
import dev.gale.impl.util.LeadingPad;
import dev.gale.utils.ConfigValues;
import java.util.Map;

/**
 * How many trees one spout task may have pending right now.
 *
 * <p>An explicit {@code topology.max.spout.pending} is a fixed cap, as in Storm, unless the user
 * opts in to adaptation ({@code gale.spout.pending.adaptive=true}; the cap is then its ceiling).
 * Unset, the limit starts at {@value #DEFAULT_START} and adapts between 1 and
 * {@value #DEFAULT_CEILING} (unless {@code gale.spout.pending.adaptive=false}, which keeps it at
 * the start).
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
    /**
     * Trees per spout task the limit starts at when max spout pending is unset: a queue's worth
     * (receive queues hold 1024), where an acked pipeline already runs at its peak.
     */
    public static final int DEFAULT_START = 1000;
    /**
     * The most trees per task an unset max spout pending grows to. Room for the trees a lossy
     * topology holds until they time out (its loss rate x its rate x the timeout); the spout's and
     * the acker's tables grow with the limit, by about 100 bytes a tree.
     */
    public static final int DEFAULT_CEILING = 1 << 16;

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

    /** The limit a topology configuration asks for, per spout task (see {@link #holdNanos}). */
    public static PendingLimit of(Map<String, Object> conf, long messageTimeoutNanos, long holdNanos) {
        if (explicit(conf)) {
            int max = ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_MAX_SPOUT_PENDING, DEFAULT_START);
            return new PendingLimit(max, max, adaptive(conf), messageTimeoutNanos, holdNanos);
        }
        return adaptive(conf) ? new PendingLimit(DEFAULT_START, DEFAULT_CEILING, true, messageTimeoutNanos, holdNanos)
                : new PendingLimit(DEFAULT_START, DEFAULT_START, false, messageTimeoutNanos, holdNanos);
    }

    /** Same, for a topology without time windows. */
    public static PendingLimit of(Map<String, Object> conf, long messageTimeoutNanos) {
        return of(conf, messageTimeoutNanos, 0);
    }

    /**
     * The longest a time window of the topology holds a tuple by design: its length plus its
     * sliding interval (a tuple is acked once it has left the last window it belongs to). 0
     * without time windows. Trees that take that long are not stuck in queues.
     */
    public static long holdNanos(Iterable<Map<String, Object>> componentConfs) {
        long longest = 0;
        for (Map<String, Object> c : componentConfs) {
            Object length = c.get(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS);
            if (length instanceof Number) {
                Object slide = c.get(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS);
                long ms = ((Number) length).longValue() + (slide instanceof Number ? ((Number) slide).longValue()
                        : ((Number) length).longValue());
                longest = Math.max(longest, ms * 1_000_000L);
            }
        }
        return longest;
    }

    /** The per-task limit a configuration starts with: its max spout pending, else {@link #DEFAULT_START}. */
    public static int startingLimit(Map<String, Object> conf) {
        return explicit(conf) ? ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_MAX_SPOUT_PENDING, DEFAULT_START)
                : DEFAULT_START;
    }

    /** Whether a configuration lets the limit adapt: by default only when max spout pending is unset. */
    public static boolean adaptive(Map<String, Object> conf) {
        return ConfigValues.getBoolean(conf, Config.GALE_SPOUT_PENDING_ADAPTIVE, !explicit(conf));
    }

    private static boolean explicit(Map<String, Object> conf) {
        return conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) != null;
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
