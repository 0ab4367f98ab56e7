package dev.gale.impl.executor;

import dev.gale.impl.transfer.Inbox;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Emits a bolt makes on threads of its own (an I/O pool, a client's callback), handed to the
 * bolt's executor thread as control messages and run there, in the order they were handed and in
 * order with the acks and fails handed the same way. So an emit anchored to an input and the ack
 * of that input, both made on one pool thread, reach the acker as they would on the bolt's
 * thread: the engine's per-task state is only ever touched by the executor.
 *
 * <p>Backpressure: at most {@link #MAX_QUEUED} such emits wait for the executor at a time; a
 * thread that would exceed it blocks until the executor has run some, or until the task stops
 * (then the emit throws). The executor's own emits never pass here and pay nothing for it.
 *
 * <p>Thread-safe: {@link #hand} on any thread but the executor's, {@link #ran} and
 * {@link #close} on the executor's.
 */
final class ForeignEmits {
    /** Emits that may wait for the executor at once, per task: past it, foreign threads block. */
    static final int MAX_QUEUED = 4096;

    private final Inbox ownInbox;
    private final String describe;
    private final Consumer<Throwable> onError;
    private final AtomicInteger queued = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition room = lock.newCondition();
    private volatile int blocked;
    private volatile boolean closed;

    /**
     * @param describe names the component and task, for errors
     * @param onError reports an emit that failed on the executor's thread (the thread that made it
     *     has moved on): the executor keeps running
     */
    ForeignEmits(Inbox ownInbox, String describe, Consumer<Throwable> onError) {
        this.ownInbox = ownInbox;
        this.describe = describe;
        this.onError = onError;
    }

    /** A call handed to the executor: the emit, which also calls {@link #ran} once done. */
    interface Emit {
        List<Integer> run();
    }

    /**
     * Hands {@code emit} to the executor, blocking while {@link #MAX_QUEUED} emits wait already.
     * Returns the tasks it went to: a list that, when read, waits for the executor to have run it.
     */
    List<Integer> hand(Emit emit) {
        awaitRoom();
        Targets targets = new Targets();
        ownInbox.offerControl(new HandedOffCall(() -> {
            try {
                targets.set(emit.run());
            } catch (RuntimeException e) {
                targets.fail(e);
                onError.accept(e);
            } finally {
                ran();
            }
        }));
        return targets;
    }

    private void awaitRoom() {
        while (true) {
            int q = queued.get();
            if (closed) {
                throw stopped();
            }
            if (q < MAX_QUEUED) {
                if (queued.compareAndSet(q, q + 1)) {
                    return;
                }
                continue;
            }
            lock.lock();
            try {
                blocked++;
                // Re-checked under the lock: ran() signals under it, so a wake-up cannot slip between.
                if (queued.get() >= MAX_QUEUED && !closed) {
                    room.await(100, TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(describe + ": interrupted while waiting to emit from thread '"
                        + Thread.currentThread().getName() + "'", e);
            } finally {
                blocked--;
                lock.unlock();
            }
        }
    }

    /** One handed emit has run (or failed); wakes blocked threads. Executor thread. */
    private void ran() {
        queued.decrementAndGet();
        if (blocked > 0) {
            signalAll();
        }
    }

    /** The task stopped: threads waiting for room, and later foreign emits, throw. */
    void close() {
        closed = true;
        signalAll();
    }

    private void signalAll() {
        lock.lock();
        try {
            room.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private IllegalStateException stopped() {
        return new IllegalStateException(describe + " has stopped: an emit from thread '"
                + Thread.currentThread().getName() + "' was refused");
    }

    /** The tasks a handed emit went to, known once the executor ran it; reading waits for that. */
    private final class Targets extends AbstractList<Integer> implements RandomAccess {
        private volatile List<Integer> tasks;
        private volatile Throwable failure;

        synchronized void set(List<Integer> t) {
            tasks = t;
            notifyAll();
        }

        synchronized void fail(Throwable e) {
            failure = e;
            notifyAll();
        }

        private List<Integer> await() {
            List<Integer> t = tasks;
            if (t != null) {
                return t;
            }
            synchronized (this) {
                while (tasks == null && failure == null) {
                    if (closed) {
                        throw stopped();
                    }
                    try {
                        wait(100); // re-checks whether the task stopped with the emit still queued
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(describe + ": interrupted while waiting for an emit's tasks", e);
                    }
                }
                if (failure != null) {
                    throw new IllegalStateException(describe + ": the emit failed on the executor's thread", failure);
                }
                return tasks;
            }
        }

        @Override
        public Integer get(int index) {
            return await().get(index);
        }

        @Override
        public int size() {
            return await().size();
        }
    }
}
