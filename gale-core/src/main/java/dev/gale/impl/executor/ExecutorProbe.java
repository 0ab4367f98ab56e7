package dev.gale.impl.executor;

/**
 * What other threads read of one executor's cycles, to tell a quiet or idle topology and to show
 * its queues: whether a cycle runs now, how many did something, what the last one did. The
 * executor writes it from the thread running it; the quiescence and idleness checks of the
 * runtime read it.
 *
 * <p>Thread-safe for readers: the fields they read without a safe point are volatile.
 */
public final class ExecutorProbe {
    private final Executor executor;
    private volatile boolean busy;
    private volatile long activity;
    /** What the last cycle did (0: nothing); read at a safe point only (see {@link #idleAtSafePoint()}). */
    private int lastWork = 1;
    private volatile boolean started;

    ExecutorProbe(Executor executor) {
        this.executor = executor;
    }

    void started() {
        started = true;
    }

    boolean hasStarted() {
        return started;
    }

    void cycleBegins() {
        busy = true;
    }

    void cycleEnds(int work) {
        if (work > 0) {
            activity = activity + 1;
        }
        lastWork = work;
        busy = false;
    }

    /** A message handed over inline: work done outside a cycle. */
    void handedOff() {
        activity = activity + 1;
    }

    /**
     * True when the executor is, at this moment, doing nothing and has nothing to do. Combined
     * with {@link #activity()} read before and after, it tells a quiescent topology.
     */
    public boolean isQuiet() {
        return !busy && executor.inbox.isEmpty() && executor.outbox.overflowSize() == 0 && !executor.hasPendingInput();
    }

    /**
     * Whether the executor is idle, exactly, when read while its thread is held at a safe point
     * (see {@code Scheduler.atSafePoint}), which makes every field here current: it has started,
     * its last cycle found nothing to do, and it holds nothing: no queued message, nothing held
     * back for a full queue or batched to send, no fed input.
     */
    public boolean idleAtSafePoint() {
        return started && lastWork == 0 && executor.inbox.isEmpty() && executor.outbox.overflowSize() == 0
                && !executor.outbox.hasBatched() && !executor.hasPendingInput();
    }

    /** Increases with every cycle that did something. */
    public long activity() {
        return activity;
    }

    /** Messages waiting in the executor's receive queue (one queue for all its tasks). */
    public int queueDepth() {
        return executor.inbox.size();
    }

    /** Messages held because their target queues were full; while any are, a spout executor does not call {@code nextTuple}. */
    public int overflowSize() {
        return executor.outbox.overflowSize();
    }
}
