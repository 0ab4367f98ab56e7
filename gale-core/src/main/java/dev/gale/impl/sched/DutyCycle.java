package dev.gale.impl.sched;

import dev.gale.impl.transfer.Parker;

/**
 * One unit of work that a scheduler runs over and over on a thread it does not own (an executor
 * of spout, bolt or acker tasks, or a topology's timer): {@link #onStart}, then {@link #doWork}
 * until the scheduler stops, then {@link #onClose}. A duty cycle never parks: it says how much it
 * did and how long it could sleep, and its scheduler decides what the thread does.
 *
 * <p>A scheduler calls one duty cycle from one thread at a time, with a happens-before edge
 * between calls on different threads; implementations need no locking of their own for that.
 */
public interface DutyCycle {

    /** A name for logs and thread dumps. */
    String name();

    /** Called once, on the thread that runs the first {@link #doWork}, before it; {@code parker} is that thread. */
    void onStart(Parker parker);

    /**
     * Does one round of work and returns how much it did: 0 when it found nothing to do.
     *
     * @param parker the thread running this call; a duty cycle that moved to another thread binds
     *     its inboxes to this one before going on
     */
    int doWork(Parker parker);

    /**
     * Asked, once {@code parker} has announced a park, how long this cycle may sleep: 0 if it has
     * work (it must re-check its inputs here, after the announcement), else at most how long
     * until it needs to run again (a poll interval), {@link Long#MAX_VALUE} if only a signal can
     * give it work. It may register {@code parker} with whoever will signal it.
     */
    long parkBudgetNanos(Parker parker);

    /** Called once after the last {@link #doWork}, on the thread that ran it. */
    void onClose();

    /**
     * True if this cycle should have a thread of its own from the start, because its user code
     * blocks (a hint given per component); schedulers that share threads honour it.
     */
    default boolean wantsOwnThread() {
        return false;
    }

    /**
     * Which of a pool's threads this cycle prefers, as an index taken modulo the pool size; -1
     * for none (dealt round-robin). Executors give their index among their component's
     * executors, so each pipeline's n-th executors share a thread and hand off without a queue.
     */
    default int affinity() {
        return -1;
    }

    /** This cycle's index among the cycles it exchanges messages with (see {@link #sentTo}); -1 for none. */
    default int peerIndex() {
        return -1;
    }

    /** How many peers {@link #sentTo} counts for (0: it counts nothing). */
    default int peers() {
        return 0;
    }

    /**
     * Messages (queue elements or hand-offs) this cycle has sent the peer at {@code peerIndex} so
     * far; read by the scheduler's watchdog from another thread, so it may lag a little.
     */
    default long sentTo(int peerIndex) {
        return 0;
    }

    /**
     * True if this cycle has had nothing to do for a while and only polls on a timer (a spout
     * whose nextTuple has emitted nothing for a second): while its thread dozes, a pool may run it
     * on another dozing thread, so that one thread wakes for the polls instead of every thread.
     */
    default boolean quiet() {
        return false;
    }
}
