package dev.gale.time;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** {@link Clock} backed by {@link System#nanoTime()}. Thread-safe; a stateless singleton. */
final class SystemClock implements Clock {

    static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long millis() {
        return System.nanoTime() / 1_000_000L;
    }

    @Override
    public long nanos() {
        return System.nanoTime();
    }

    @Override
    public Waiter newWaiter(String name) {
        return new SystemWaiter();
    }

    @Override
    public String toString() {
        return "Clock.system()";
    }

    private static final class SystemWaiter implements Waiter {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition wake = lock.newCondition();
        private boolean wakeRequested;
        private boolean closed;

        @Override
        public boolean awaitNanos(long deadlineNanos) throws InterruptedException {
            lock.lockInterruptibly();
            try {
                while (true) {
                    if (closed) {
                        return false;
                    }
                    if (wakeRequested) {
                        wakeRequested = false;
                        return false;
                    }
                    long remaining = deadlineNanos - System.nanoTime();
                    if (remaining <= 0) {
                        return true;
                    }
                    wake.awaitNanos(remaining);
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void wakeUp() {
            lock.lock();
            try {
                wakeRequested = true;
                wake.signalAll();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            lock.lock();
            try {
                closed = true;
                wake.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
