package dev.gale.impl.timer;

import dev.gale.impl.sched.DutyCycle;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The clock-driven heartbeat of one topology: sends periodic control messages (tick tuples,
 * pending-map rotations) to executors' inboxes, at instants read from the injected clock. Due
 * instants are handled one at a time in time order, so a simulated clock advanced by a minute
 * still delivers every tick and rotation of that minute.
 *
 * <p>In synchronous mode (used with a simulated clock) the timer waits, after each instant, for
 * the executors to have processed what it sent, before it waits on the clock again; so when
 * {@code SimulatedClock.advance} returns, every tick and timeout due has been delivered.
 *
 * <p>The periodic jobs are added before {@link #start()}; afterwards the timer is driven by its own
 * thread (or, stepped, by the step scheduler). Jobs for one executor ({@link #scheduleFor}: a bolt
 * task's own timer) may be added at any time, from any thread: the thread is started, or woken, as
 * needed.
 */
public final class TopologyTimer {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyTimer.class);
    private static final long DELIVERY_WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final String name;
    private final Clock clock;
    private final boolean synchronous;
    /** Copy on write: jobs for one executor come and go while the timer iterates. */
    private final List<Job> jobs = new CopyOnWriteArrayList<>();
    // Guarded by this: the thread is started by start() or, later, by the first job added.
    private Clock.Waiter waiter;
    private Thread thread;
    private boolean startRequested;
    private volatile boolean running = true;

    /** A periodic job: what it sends (made for each due instant) and to whom. */
    private static final class Job implements Registration {
        final long periodNanos;
        final LongFunction<Object> message;
        final List<Inbox> targets;
        /** The next due instant; read and written by the thread that fires (or the stepping thread). */
        long next;
        volatile boolean cancelled;
        private final List<Job> owner;

        Job(long periodNanos, LongFunction<Object> message, List<Inbox> targets, long first, List<Job> owner) {
            this.periodNanos = periodNanos;
            this.message = message;
            this.targets = targets;
            this.next = first;
            this.owner = owner;
        }

        @Override
        public void cancel() {
            cancelled = true;
            owner.remove(this);
        }
    }

    /** A job added by {@link #scheduleFor}, to cancel it. Thread-safe. */
    public interface Registration {
        /** No more messages for this job; idempotent. */
        void cancel();
    }

    public TopologyTimer(String name, Clock clock, boolean synchronous) {
        this.name = name;
        this.clock = clock;
        this.synchronous = synchronous;
    }

    /** Sends {@code message} to every target inbox each {@code periodNanos}, starting one period from now. */
    public void schedule(long periodNanos, Object message, List<Inbox> targets) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive: " + periodNanos);
        }
        if (!targets.isEmpty()) {
            jobs.add(new Job(periodNanos, due -> message, List.copyOf(targets), clock.nanos() + periodNanos, jobs));
        }
    }

    /**
     * Sends {@code target} the message {@code messageAt} makes for each due instant (the clock's
     * nanoseconds it was due at), every {@code periodNanos}, starting one period from now, until
     * cancelled. Any thread, any time, also while the timer runs.
     */
    public Registration scheduleFor(long periodNanos, LongFunction<Object> messageAt, Inbox target) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive: " + periodNanos);
        }
        Job job = new Job(periodNanos, messageAt, List.of(target), clock.nanos() + periodNanos, jobs);
        jobs.add(job);
        Clock.Waiter w;
        synchronized (this) {
            if (startRequested && thread == null && running) {
                startThread();
                return job;
            }
            w = waiter;
        }
        if (w != null) {
            w.wakeUp(); // it may be waiting for a later instant than this job's first
        }
        return job;
    }

    /**
     * Fires the earliest due instant if the clock has reached it (one instant per call, so the
     * work each instant causes can run before the next); returns 1 if it fired, else 0. For the
     * step scheduler, which calls it instead of starting the timer's thread.
     */
    public int fireDue() {
        long due = Long.MAX_VALUE;
        for (Job j : jobs) {
            due = Math.min(due, j.next);
        }
        if (due > clock.nanos()) {
            return 0;
        }
        fire(due);
        return 1;
    }

    /** The timer as a duty cycle of a step scheduler (see {@link #fireDue()}). */
    public DutyCycle asDutyCycle() {
        return new DutyCycle() {
            @Override
            public String name() {
                return "timer";
            }

            @Override
            public void onStart(Parker parker) {
            }

            @Override
            public int doWork(Parker parker) {
                return fireDue();
            }

            @Override
            public long parkBudgetNanos(Parker parker) {
                return Long.MAX_VALUE;
            }

            @Override
            public void onClose() {
            }
        };
    }

    public boolean hasJobs() {
        return !jobs.isEmpty();
    }

    /** Runs the timer on a thread of its own from now on: at once if it has jobs, else with the first one added. */
    public synchronized void start() {
        startRequested = true;
        if (!jobs.isEmpty() && thread == null && running) {
            startThread();
        }
    }

    // Holding the lock. The waiter is made before the thread starts, as Clock.newWaiter asks.
    private void startThread() {
        Clock.Waiter w = clock.newWaiter("timer of topology '" + name + "'");
        Thread t = new Thread(() -> run(w), "gale-" + name + "-timer");
        t.setDaemon(true);
        waiter = w;
        thread = t;
        t.start();
    }

    private void run(Clock.Waiter w) {
        try {
            while (running) {
                long due = Long.MAX_VALUE;
                for (Job j : jobs) {
                    due = Math.min(due, j.next);
                }
                if (!w.awaitNanos(due)) {
                    continue; // woken up: re-check running and the jobs
                }
                fire(due);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            w.close();
        }
    }

    private void fire(long instant) {
        List<Inbox> sent = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        for (Job j : jobs) {
            if (j.next <= instant && !j.cancelled) {
                Object message = j.message.apply(j.next);
                for (Inbox target : j.targets) {
                    target.offerControl(message);
                    if (synchronous) {
                        sent.add(target);
                        expected.add(target.controlOffered());
                    }
                }
                j.next += j.periodNanos;
            }
        }
        for (int i = 0; i < sent.size(); i++) {
            awaitDelivery(sent.get(i), expected.get(i));
        }
    }

    private void awaitDelivery(Inbox target, long count) {
        long deadline = System.nanoTime() + DELIVERY_WAIT_NANOS;
        while (running && target.controlProcessed() < count) {
            if (System.nanoTime() > deadline) {
                LOG.warn("timer of topology '{}': executor {} has not processed its tick/rotation for {} s;"
                        + " going on without it", name, target.name(), TimeUnit.NANOSECONDS.toSeconds(DELIVERY_WAIT_NANOS));
                return;
            }
            LockSupport.parkNanos(20_000L);
        }
    }

    public void stop() {
        running = false;
        Clock.Waiter w;
        synchronized (this) {
            w = waiter;
        }
        if (w != null) {
            w.wakeUp();
        }
    }

    public void join(long millis) throws InterruptedException {
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            t.join(millis);
        }
    }
}
