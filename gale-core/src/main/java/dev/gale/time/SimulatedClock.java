package dev.gale.time;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * A {@link Clock} that moves only when a test advances it.
 *
 * <p>The contract that lets tests run without sleeping: when {@link #advance(Duration)}
 * returns, every thread waiting on this clock through a {@link Clock.Waiter} whose deadline
 * has been reached has woken, done its work, and is waiting again for a deadline still in the
 * future (or has closed its waiter). A thread that does not settle within the
 * {@linkplain #settleTimeout(Duration) settle timeout} (real time, 30 s by default) makes
 * {@code advance} throw, naming it, rather than hang the test.
 *
 * <p>Work that runs on the advancing thread itself (topologies on Gale's step scheduler) is done
 * too before {@code advance} returns (see {@link #onAdvance}).
 *
 * <p>Thread-safe. Time starts at zero unless given.
 */
public final class SimulatedClock implements Clock {

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when the time moves or a waiter is asked to wake up. */
    private final Condition timeMoved = lock.newCondition();
    /** Signalled when a waiter becomes settled. */
    private final Condition settled = lock.newCondition();
    private final List<SimulatedWaiter> waiters = new ArrayList<>();
    private final List<BooleanSupplier> advanceListeners = new CopyOnWriteArrayList<>();
    private volatile long nowNanos;
    private volatile long settleTimeoutNanos = TimeUnit.SECONDS.toNanos(30);

    /** A clock reading zero. */
    public SimulatedClock() {
        this(0L);
    }

    /** A clock reading {@code startNanos}. */
    public SimulatedClock(long startNanos) {
        this.nowNanos = startNanos;
    }

    /** Sets how long (real time) {@link #advance} waits for woken threads to settle. */
    public SimulatedClock settleTimeout(Duration timeout) {
        this.settleTimeoutNanos = timeout.toNanos();
        return this;
    }

    @Override
    public long millis() {
        return nowNanos / 1_000_000L;
    }

    @Override
    public long nanos() {
        return nowNanos;
    }

    /**
     * Moves time forward and returns once every waiter whose deadline is due has done its work.
     *
     * @throws IllegalArgumentException if {@code amount} is negative
     * @throws IllegalStateException if a woken waiter does not settle within the settle timeout
     */
    public void advance(Duration amount) {
        advanceNanos(amount.toNanos());
    }

    /** Same as {@link #advance(Duration)} in milliseconds. */
    public void advanceMillis(long millis) {
        advanceNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /** Same as {@link #advance(Duration)} in nanoseconds. */
    public void advanceNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("cannot advance a clock backwards: " + nanos + " ns");
        }
        lock.lock();
        try {
            nowNanos += nanos;
            timeMoved.signalAll();
            awaitSettled();
        } finally {
            lock.unlock();
        }
        // Work driven on the advancing thread (topologies on the step scheduler) may wake waiters,
        // and woken waiters may give it work: go on until both are quiet.
        while (runAdvanceListeners()) {
            awaitSettled();
        }
    }

    private boolean runAdvanceListeners() {
        boolean any = false;
        for (BooleanSupplier l : advanceListeners) {
            any |= l.getAsBoolean();
        }
        return any;
    }

    /**
     * Gale's engine hook: {@code runDue} is called on the advancing thread each time the clock has
     * moved and its waiters have settled, and again as long as it returns true (it did work). A
     * topology on the step scheduler uses it to run, inside {@code advance}, everything the new
     * time made due. Returns what removes it.
     */
    public Runnable onAdvance(BooleanSupplier runDue) {
        advanceListeners.add(runDue);
        return () -> advanceListeners.remove(runDue);
    }

    /**
     * Returns once every waiter is settled at the current time, without moving it; useful after
     * starting threads that wait on this clock.
     */
    public void awaitSettled() {
        lock.lock();
        try {
            long remaining = settleTimeoutNanos;
            SimulatedWaiter busy;
            while ((busy = firstUnsettled()) != null) {
                if (remaining <= 0) {
                    throw new IllegalStateException("clock waiter '" + busy.name
                            + "' did not settle within " + Duration.ofNanos(settleTimeoutNanos)
                            + " at simulated time " + nowNanos + " ns: its thread is still busy"
                            + " or was never started");
                }
                try {
                    remaining = settled.awaitNanos(remaining);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for clock waiters", e);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private SimulatedWaiter firstUnsettled() {
        for (SimulatedWaiter w : waiters) {
            if (!w.isSettled()) {
                return w;
            }
        }
        return null;
    }

    @Override
    public Waiter newWaiter(String name) {
        SimulatedWaiter w = new SimulatedWaiter(name);
        lock.lock();
        try {
            waiters.add(w);
        } finally {
            lock.unlock();
        }
        return w;
    }

    @Override
    public String toString() {
        return "SimulatedClock[" + nowNanos + " ns]";
    }

    private final class SimulatedWaiter implements Waiter {
        private final String name;
        // Guarded by the clock's lock.
        private boolean waiting;
        private long deadlineNanos;
        private boolean wakeRequested;
        private boolean closed;

        SimulatedWaiter(String name) {
            this.name = name;
        }

        boolean isSettled() {
            return closed || (waiting && !wakeRequested && deadlineNanos > nowNanos);
        }

        @Override
        public boolean awaitNanos(long deadline) throws InterruptedException {
            lock.lockInterruptibly();
            try {
                try {
                    while (true) {
                        if (closed) {
                            return false;
                        }
                        if (wakeRequested) {
                            wakeRequested = false;
                            return false;
                        }
                        if (nowNanos >= deadline) {
                            return true;
                        }
                        waiting = true;
                        deadlineNanos = deadline;
                        settled.signalAll();
                        timeMoved.await();
                    }
                } finally {
                    waiting = false;
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void wakeUp() {
            lock.lock();
            try {
                if (!closed) {
                    wakeRequested = true;
                    timeMoved.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            lock.lock();
            try {
                closed = true;
                waiters.remove(this);
                settled.signalAll();
                timeMoved.signalAll();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
