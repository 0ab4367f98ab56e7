package dev.gale.storm.internal;

import dev.gale.task.TaskTimer;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Gale's {@link TaskTimer} for a bolt task on Storm. Storm cannot call a bolt on its own thread
 * at a given instant (its tick tuples come in whole seconds), so the calls run on a timer thread
 * of the worker, while holding the task's {@link ExecuteLock}, which the wrapped bolt's
 * {@code execute} holds too once the timer is handed out: a call never runs during
 * {@code execute}, as Gale promises, though not on the task's own thread. Instants are the wall clock's. An exception from a call is reported and the calls go on.
 * Thread-safe.
 */
final class WorkerTaskTimer implements TaskTimer {
    private static final ScheduledThreadPoolExecutor TIMERS = timers();

    private final ExecuteLock lock;
    private final HookBridge.Reporter reporter;
    private volatile boolean stopped;

    WorkerTaskTimer(ExecuteLock lock, HookBridge.Reporter reporter) {
        this.lock = lock;
        this.reporter = reporter;
    }

    private static ScheduledThreadPoolExecutor timers() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "gale-task-timer");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        return t;
    }

    @Override
    public Scheduled schedule(long periodMillis, LongConsumer action) {
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("the period must be positive, got " + periodMillis + " ms");
        }
        long first = System.currentTimeMillis() + periodMillis;
        Call call = new Call(action, first, periodMillis);
        call.future = TIMERS.scheduleAtFixedRate(call, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
        return call;
    }

    /** The bolt asked its context for this timer: from now on its {@code execute} takes the lock. */
    void handedOut() {
        lock.timerTaken();
    }

    /** Stops every call of this task's timer (the bolt is cleaned up). */
    void stop() {
        stopped = true;
    }

    private final class Call implements Runnable, Scheduled {
        private final LongConsumer action;
        private final long period;
        private long due;
        private volatile boolean cancelled;
        private volatile ScheduledFuture<?> future;

        Call(LongConsumer action, long first, long period) {
            this.action = action;
            this.due = first;
            this.period = period;
        }

        @Override
        public void run() {
            lock.lock();
            try {
                if (cancelled || stopped) {
                    cancel();
                    return;
                }
                long at = due;
                due += period;
                try {
                    action.accept(at);
                } catch (RuntimeException e) {
                    reporter.report("a call of the task's timer threw", e);
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            ScheduledFuture<?> f = future;
            if (f != null) {
                f.cancel(false);
            }
        }
    }
}
