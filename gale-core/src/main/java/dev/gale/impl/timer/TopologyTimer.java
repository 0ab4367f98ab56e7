package dev.gale.impl.timer;

import dev.gale.impl.sched.DutyCycle;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
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
 * <p>Jobs are added before {@link #start()}; afterwards the timer is driven by its own thread.
 */
public final class TopologyTimer implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyTimer.class);
    private static final long DELIVERY_WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final String name;
    private final Clock clock;
    private final boolean synchronous;
    private final List<Job> jobs = new ArrayList<>();
    private Clock.Waiter waiter;
    private Thread thread;
    private volatile boolean running = true;

    private static final class Job {
        final long periodNanos;
        final Object message;
        final List<Inbox> targets;
        long next;

        Job(long periodNanos, Object message, List<Inbox> targets, long first) {
            this.periodNanos = periodNanos;
            this.message = message;
            this.targets = targets;
            this.next = first;
        }
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
            jobs.add(new Job(periodNanos, message, List.copyOf(targets), clock.nanos() + periodNanos));
        }
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

    public void start() {
        if (jobs.isEmpty()) {
            return;
        }
        waiter = clock.newWaiter("timer of topology '" + name + "'");
        thread = new Thread(this, "gale-" + name + "-timer");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        try {
            while (running) {
                long due = Long.MAX_VALUE;
                for (Job j : jobs) {
                    due = Math.min(due, j.next);
                }
                if (!waiter.awaitNanos(due)) {
                    continue; // woken up: re-check running
                }
                fire(due);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            waiter.close();
        }
    }

    private void fire(long instant) {
        List<Inbox> sent = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        for (Job j : jobs) {
            if (j.next <= instant) {
                for (Inbox target : j.targets) {
                    target.offerControl(j.message);
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
        if (waiter != null) {
            waiter.wakeUp();
        }
    }

    public void join(long millis) throws InterruptedException {
        if (thread != null) {
            thread.join(millis);
        }
    }
}
