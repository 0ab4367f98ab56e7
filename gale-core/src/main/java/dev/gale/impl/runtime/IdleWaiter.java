package dev.gale.impl.runtime;

import dev.gale.impl.executor.Executor;
import dev.gale.impl.sched.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Knows when a running topology is idle: exactly on the step scheduler (it runs passes until one
 * does nothing), by sampling on threads (every executor quiet, and the activity counters unchanged
 * over two looks a short while apart; exact only as far as a sample can be). Thread-safe.
 */
final class IdleWaiter {
    private final String name;
    private final Scheduler scheduler;
    private final List<Executor> executors;
    private final Runnable checkNotFailed;
    private final java.util.function.BooleanSupplier killed;

    IdleWaiter(String name, Scheduler scheduler, List<Executor> executors, Runnable checkNotFailed,
               java.util.function.BooleanSupplier killed) {
        this.name = name;
        this.scheduler = scheduler;
        this.executors = executors;
        this.checkNotFailed = checkNotFailed;
        this.killed = killed;
    }

    /**
     * Returns once every queue is empty, no executor is in the middle of a tuple and no fed spout
     * holds input; throws if that does not happen within {@code timeout} (real time).
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
        int stableRounds = 0;
        while (true) {
            checkNotFailed.run();
            long before = totalActivity();
            boolean quiet = true;
            for (Executor ex : executors) {
                if (!ex.isQuiet()) {
                    quiet = false;
                    break;
                }
            }
            if (quiet && totalActivity() == before) {
                // Twice in a row, a short while apart, so a message between two executors is seen.
                if (++stableRounds >= 2) {
                    return;
                }
            } else {
                stableRounds = 0;
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("topology '" + name + "' did not become idle within " + timeout
                        + "; busy executors: " + busyExecutors());
            }
            LockSupport.parkNanos(200_000L);
        }
    }

    private long totalActivity() {
        long sum = 0;
        for (Executor ex : executors) {
            sum += ex.activity();
        }
        return sum;
    }

    private List<String> busyExecutors() {
        List<String> out = new ArrayList<>();
        for (Executor ex : executors) {
            if (!ex.isQuiet()) {
                out.add(ex.name() + " (queue " + ex.inbox().size() + ")");
            }
        }
        return out;
    }

}
