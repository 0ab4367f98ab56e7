package dev.gale.impl.executor;

import dev.gale.impl.time.Pace;
import dev.gale.impl.util.LeadingPad;

/**
 * When a spout executor calls {@code nextTuple} again, and how long its thread may sleep. A spout
 * that emitted nothing is polled after a pause that doubles from 50 us up to the idle cap, so an
 * idle spout costs next to no CPU; a thread shared with other executors keeps running meanwhile,
 * so the pause is kept as a due time and the spout is skipped until it comes. A spout held back
 * by its pending limit or by backpressure waits for a signal instead (acks, or room downstream).
 *
 * <p>Not thread-safe: owned by the spout executor.
 */
final class PollPacer extends PollPacerPad {
    /** Pauses from a millisecond on are rounded to a grid, so idle spouts sharing a thread poll together. */
    private static final long MIN_POLL_GRID_NANOS = 1_000_000L;
    /** How long a spout must have emitted nothing before it counts as {@link #quiet}. */
    static final long QUIET_NANOS = 1_000_000_000L;
    private static final long FIRST_PAUSE_NANOS = 50_000L;

    private final long idleMaxNanos;
    private final long maxParkNanos;

    PollPacer(long idleMaxNanos, long maxParkNanos) {
        this.idleMaxNanos = idleMaxNanos;
        this.maxParkNanos = maxParkNanos;
        this.parkNanos = maxParkNanos;
    }

    /** True while a spout that found nothing to emit waits for its next poll. */
    boolean waiting(long nowNanos) {
        return emptyCycles > 0 && nowNanos - nextPollAt < 0;
    }

    /** Takes the pace of the executor's scheduler, which may shorten the pauses (to none). Before the first poll. */
    void paceWith(Pace pace) {
        this.pace = pace;
    }

    /** An outcome came in: the spout is busy again, and is polled at once. */
    void outcome() {
        emptyCycles = 0;
    }

    /** The spout is deactivated: only a control message gives it work. */
    void inactive() {
        parkNanos = maxParkNanos;
    }

    /** A burst stopped because downstream is congested; {@code ownOverflow}: this executor's own queue is full. */
    void heldBack(boolean ownOverflow) {
        congested = ownOverflow ? 0 : 1;
        parkNanos = maxParkNanos;
    }

    /**
     * After a burst that started at {@code burstStart}: {@code progress} is what it emitted plus
     * other work done, {@code throttled} whether a task sat at its pending limit.
     */
    void afterBurst(int progress, boolean throttled, long burstStart) {
        if (progress > 0) {
            emptyCycles = 0;
        } else if (!throttled && emptyCycles++ == 0) {
            silentSince = burstStart;
        }
        parkNanos = throttled ? maxParkNanos
                : pace.idlePollPauseNanos(Math.min(idleMaxNanos, FIRST_PAUSE_NANOS << Math.min(emptyCycles, 20)));
        throttledLast = throttled ? 1 : 0;
        if (emptyCycles > 0) {
            nextPollAt = nextPollAt(System.nanoTime(), parkNanos);
        }
    }

    /** Whether the last burst stopped for backpressure (and forgets it: the caller registers for the clearing). */
    boolean takeCongested() {
        if (congested == 0) {
            return false;
        }
        congested = 0;
        return true;
    }

    /**
     * Silent for {@link #QUIET_NANOS}: active, not throttled, and since then nextTuple emitted
     * nothing and no tree's outcome came in (either ends the empty run).
     */
    boolean quiet(boolean active) {
        return active && throttledLast == 0 && emptyCycles > 0 && nextPollAt - silentSince >= QUIET_NANOS;
    }

    /** How long the thread may sleep for this spout, unless a signal comes first. */
    long parkNanos(boolean active) {
        if (!active || throttledLast != 0 || emptyCycles == 0) {
            return parkNanos;
        }
        return Math.max(0, nextPollAt - System.nanoTime());
    }

    /**
     * When an idle spout polls next: {@code pauseNanos} from now, or, for pauses of a millisecond
     * or more, the next multiple of the pause, so that idle spouts sharing a thread poll on a common
     * grid and one wake-up serves them all. Either way the wait is at most the pause.
     */
    static long nextPollAt(long nowNanos, long pauseNanos) {
        if (pauseNanos < MIN_POLL_GRID_NANOS) {
            return nowNanos + pauseNanos;
        }
        return Math.floorDiv(nowNanos, pauseNanos) * pauseNanos + pauseNanos;
    }
}

/** The fields of {@link PollPacer} that change after construction, in front of its trailing pad. */
abstract class PollPacerFields extends LeadingPad {
    /** The pace of the spout executor's scheduler; set once, when it starts. */
    Pace pace = Pace.REAL_TIME;
    /**
     * After cycles that emitted nothing, when (System.nanoTime) to call nextTuple again; at once
     * at a pace without pauses (the step scheduler's, whose passes are the test's).
     */
    long nextPollAt;
    /** When (System.nanoTime) the current run of empty cycles began. */
    long silentSince;
    long parkNanos;
    /** Consecutive cycles in which nextTuple emitted nothing: the pause grows with them. */
    int emptyCycles;
    /** 1 if the last cycle left a task at its pending limit: only acks (or timeouts) let it emit again. */
    int throttledLast;
    /** 1 if the last cycle stopped because a bolt downstream holds an overflow (backpressure). */
    int congested;
}

/** 128 bytes between {@link PollPacerFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class PollPacerPad extends PollPacerFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
