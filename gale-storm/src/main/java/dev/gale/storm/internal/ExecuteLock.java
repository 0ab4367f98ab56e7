package dev.gale.storm.internal;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock that keeps a wrapped bolt's task-timer calls out of its {@code execute}, taken by
 * {@code execute} only once the bolt has its timer. Storm calls a bolt's {@code prepare} and
 * {@code execute} on one executor thread, so a bolt without a timer has nothing to exclude, and
 * most bolts have none: they pay no locked instruction per tuple. A bolt takes its timer in
 * {@code prepare} ({@link dev.gale.task.TaskTimer}'s documented place, the lock is then taken by
 * every {@code execute}) or later on its task's thread: inside an {@code execute}, the lock is
 * taken on the spot and held until that {@code execute} returns, so the timer's first call waits
 * for it. Asked for from any other thread after {@code prepare}, the timer is refused: that
 * thread cannot know whether an {@code execute} is running without the lock, and making every
 * {@code execute} tell it would cost the locked instruction this class saves.
 *
 * <p>Thread-safety: {@link #enter}, {@link #exit} and {@link #timerTaken} on the task's thread
 * (also {@link #timerTaken} from elsewhere, which it refuses after {@code prepare}); {@link #lock} and
 * {@link #unlock} from any thread.
 */
final class ExecuteLock {
    private final ReentrantLock lock = new ReentrantLock();
    private final String describe;
    /** Set once, by the task's thread; read by the task's thread and by threads asking for the timer. */
    private volatile boolean timerOut;
    /** The thread that runs prepare and execute (Storm's executor thread). */
    private volatile Thread taskThread;
    /** Task thread only: inside execute, and whether that execute holds the lock. */
    private boolean executing;
    private boolean held;

    /** @param describe the bolt, as messages name it ("bolt 'split'") */
    ExecuteLock(String describe) {
        this.describe = describe;
    }

    /** Called by the task's thread before {@code prepare}: that thread is the task's. */
    void preparing() {
        taskThread = Thread.currentThread();
    }

    /** Before {@code execute}: takes the lock if the bolt has its timer. */
    void enter() {
        executing = true;
        if (timerOut) {
            lock.lock();
            held = true;
        }
    }

    /** After {@code execute} (also when it threw): releases what {@link #enter} or {@link #timerTaken} took. */
    void exit() {
        executing = false;
        if (held) {
            held = false;
            lock.unlock();
        }
    }

    /**
     * The bolt asked for its task timer: from now on every {@code execute} takes the lock; if asked
     * inside an {@code execute} that runs without it, the lock is taken now, until that one returns.
     *
     * @throws IllegalStateException if asked from a thread other than the task's after {@code prepare}
     */
    void timerTaken() {
        if (timerOut) {
            return;
        }
        Thread t = Thread.currentThread();
        if (t != taskThread) {
            throw new IllegalStateException(describe + ": on Storm, take the task timer (TopologyContext.getTaskTimer())"
                    + " in prepare or on the task's own thread, not from thread '" + t.getName() + "'");
        }
        timerOut = true;
        if (executing && !held) {
            lock.lock();
            held = true;
        }
    }

    /** Whether the calling thread holds the lock (for tests). */
    boolean heldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }

    /** Takes the lock: a timer call, {@code prepare}, {@code cleanup}. */
    void lock() {
        lock.lock();
    }

    void unlock() {
        lock.unlock();
    }
}
