package dev.gale.impl.runtime;

import dev.gale.impl.executor.Executor;
import dev.gale.impl.sched.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Knows when a running topology is idle, exactly: every queue is empty, no executor is in the
 * middle of a call, none holds anything to send, no fed spout holds input, and every executor's
 * last call found nothing to do. The step scheduler is idle once a pass does nothing. On threads,
 * a cheap look (every executor quiet, the activity counters unchanged) picks the moment, and the
 * scheduler then holds every thread at a safe point between two calls, which makes what each
 * executor did visible here, and the exact condition is checked there (see
 * {@link Scheduler#atSafePoint}). Thread-safe.
 */
final class IdleWaiter {
    /** How long the threads may take to reach a safe point, at most, per look. */
    private static final long SAFE_POINT_NANOS = 2_000_000_000L;
    private final String name;
    private final Scheduler scheduler;
    private final List<Executor> executors;
    private final Runnable checkNotFailed;
    private final BooleanSupplier killed;

    IdleWaiter(String name, Scheduler scheduler, List<Executor> executors, Runnable checkNotFailed,
               BooleanSupplier killed) {
        this.name = name;
        this.scheduler = scheduler;
        this.executors = executors;
        this.checkNotFailed = checkNotFailed;
        this.killed = killed;
    }

    /**
     * Returns once the topology is idle (see above); throws if that does not happen within
     * {@code timeout} (real time).
     */
    void waitForIdle(Duration timeout) throws TimeoutException {
        if (scheduler.isStepped()) {
            checkNotFailed.run();
            if (!killed.getAsBoolean()) {
                try {
                    scheduler.runUntilIdle(timeout);
                } catch (TimeoutException e) {
                    throw new TimeoutException("topology '" + name + "' did not become idle within " + timeout
                            + ": " + e.getMessage());
                }
            }
            checkNotFailed.run();
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            checkNotFailed.run();
            if (killed.getAsBoolean() || looksIdle() && idleAtSafePoint(deadline)) {
                checkNotFailed.run();
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("topology '" + name + "' did not become idle within " + timeout
                        + "; busy executors: " + busyExecutors());
            }
            LockSupport.parkNanos(100_000L);
        }
    }

    /** The cheap look: every executor quiet and no cycle did work meanwhile. Not exact: it picks when to check. */
    private boolean looksIdle() {
        long before = totalActivity();
        for (Executor ex : executors) {
            if (!ex.probe().isQuiet()) {
                return false;
            }
        }
        return totalActivity() == before;
    }

    private boolean idleAtSafePoint(long deadline) throws TimeoutException {
        long wait = Math.max(1, Math.min(SAFE_POINT_NANOS, deadline - System.nanoTime()));
        try {
            return scheduler.atSafePoint(() -> {
                for (Executor ex : executors) {
                    if (!ex.probe().idleAtSafePoint()) {
                        return false;
                    }
                }
                return true;
            }, wait);
        } catch (TimeoutException e) {
            if (System.nanoTime() - deadline < 0) {
                return false; // a call of user code was slow to return: look again
            }
            throw new TimeoutException("topology '" + name + "' did not become idle: " + e.getMessage());
        }
    }

    private long totalActivity() {
        long sum = 0;
        for (Executor ex : executors) {
            sum += ex.probe().activity();
        }
        return sum;
    }

    private List<String> busyExecutors() {
        List<String> out = new ArrayList<>();
        for (Executor ex : executors) {
            if (!ex.probe().isQuiet()) {
                out.add(ex.name() + " (queue " + ex.inbox().size() + ")");
            }
        }
        return out;
    }

}
