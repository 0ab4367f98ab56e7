package dev.gale.impl.sched;

import dev.gale.impl.time.Pace;
import dev.gale.impl.time.ThreadClock;
import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deterministic scheduler for tests on simulated time: it has no thread. Whoever asks
 * ({@code waitForIdle}, or an advance of the simulated clock) runs passes over every duty cycle on
 * its own thread until one whole pass does nothing; then the topology is idle, exactly: every
 * queue is empty and no cycle has anything left to do at this instant.
 *
 * <p>Passes visit the cycles in a fixed order, or, given a seed, in an order shuffled per pass
 * by that seed, so an interleaving that breaks a test is replayed by its seed.
 *
 * <p>Thread-safe: passes from different threads take turns; a pass asked for from inside a pass
 * (user code advancing the clock) does nothing.
 */
public final class StepScheduler implements Scheduler {
    private static final Logger LOG = LoggerFactory.getLogger(StepScheduler.class);

    private final ReentrantLock lock = new ReentrantLock();
    private final Clock clock;
    private final List<DutyCycle> cycles;
    private final Runnable afterPass;
    private final Random order;
    private final List<DutyCycle> shuffled;
    private volatile boolean started;
    private volatile boolean stopped;
    private boolean closed;

    /**
     * @param afterPass run after every pass (e.g. to throw once a fatal error stopped the topology)
     * @param seed 0 for the fixed order, else the seed of the per-pass shuffle
     */
    public StepScheduler(Clock clock, List<DutyCycle> cycles, Runnable afterPass, long seed) {
        this.clock = clock;
        this.cycles = List.copyOf(cycles);
        this.afterPass = afterPass;
        this.order = seed == 0 ? null : new Random(seed);
        this.shuffled = new ArrayList<>(cycles);
    }

    @Override
    public void start() {
        lock.lock();
        Clock previous = ThreadClock.current();
        ThreadClock.bind(clock);
        try {
            if (started) {
                return;
            }
            started = true;
            Parker parker = new Parker(Thread.currentThread(), Pace.STEPPED);
            for (DutyCycle c : cycles) {
                try {
                    c.onStart(parker);
                } catch (Throwable t) {
                    LOG.error("duty cycle {} failed to start", c.name(), t);
                }
            }
        } finally {
            restore(previous);
            lock.unlock();
        }
    }

    @Override
    public long runUntilIdle(Duration timeout) throws TimeoutException {
        if (lock.isHeldByCurrentThread()) {
            return 0;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        lock.lock();
        Clock previous = ThreadClock.current();
        ThreadClock.bind(clock);
        try {
            Parker parker = new Parker(Thread.currentThread(), Pace.STEPPED);
            long total = 0;
            while (started && !stopped) {
                int work = 0;
                for (DutyCycle c : passOrder()) {
                    work += c.doWork(parker);
                }
                afterPass.run();
                if (work == 0) {
                    break;
                }
                total += work;
                if (System.nanoTime() - deadline > 0) {
                    throw new TimeoutException("still busy after " + timeout + " of passes (a spout that never"
                            + " stops emitting?)");
                }
            }
            return total;
        } finally {
            closeIfStopped();
            restore(previous);
            lock.unlock();
        }
    }

    private List<DutyCycle> passOrder() {
        if (order == null) {
            return cycles;
        }
        Collections.shuffle(shuffled, order);
        return shuffled;
    }

    private static void restore(Clock previous) {
        if (previous == null) {
            ThreadClock.unbind();
        } else {
            ThreadClock.bind(previous);
        }
    }

    /** Marks the scheduler stopped; the cycles are closed now, or by the pass running on another thread when it ends. */
    @Override
    public void stop() {
        stopped = true;
        if (lock.tryLock()) {
            try {
                closeIfStopped();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Closes the cycles once, on the calling thread (which holds the lock). */
    private void closeIfStopped() {
        if (!stopped || closed) {
            return;
        }
        closed = true;
        if (!started) {
            return;
        }
        Clock previous = ThreadClock.current();
        ThreadClock.bind(clock);
        try {
            for (DutyCycle c : cycles) {
                try {
                    c.onClose();
                } catch (Throwable t) {
                    LOG.error("duty cycle {} failed to close", c.name(), t);
                }
            }
        } finally {
            restore(previous);
        }
    }

    @Override
    public boolean awaitStopped(long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        if (lock.tryLock(Math.max(0, left), TimeUnit.NANOSECONDS)) {
            try {
                closeIfStopped();
                return true;
            } finally {
                lock.unlock();
            }
        }
        return false;
    }

    @Override
    public List<Stuck> stuck() {
        return List.of();
    }

    @Override
    public void interruptStuck() {
    }

    @Override
    public boolean isStepped() {
        return true;
    }

    /** Nothing runs between passes, and passes take the lock: holding it is a safe point. */
    @Override
    public boolean atSafePoint(BooleanSupplier check, long timeoutNanos) throws TimeoutException {
        try {
            if (!lock.tryLock(timeoutNanos, TimeUnit.NANOSECONDS)) {
                throw new TimeoutException("a pass did not end within " + timeoutNanos / 1_000_000 + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted while waiting for a pass to end");
        }
        try {
            return check.getAsBoolean();
        } finally {
            lock.unlock();
        }
    }
}
