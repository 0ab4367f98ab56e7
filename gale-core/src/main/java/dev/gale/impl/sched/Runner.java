package dev.gale.impl.sched;

import dev.gale.impl.time.ThreadClock;
import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One scheduler thread: runs its duty cycles in turn, cooperatively, pass after pass; after a pass
 * that did nothing it asks its {@link IdleStrategy} whether to spin, yield or park, and parks for
 * at most the smallest budget its cycles allow. Cycles can be taken away (to isolate one that
 * blocks) and handed to it while it runs.
 *
 * <p>Thread-safe for the methods other threads call ({@link #stop}, {@link #hand}, the fields the
 * watchdog reads); the loop itself is confined to the runner's thread.
 */
final class Runner implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(Runner.class);
    /**
     * Safety net only: a parked runner is woken by the producers that fill its cycles' inboxes.
     * Every cycle that waits for a signal is run once per net, so an idle thread with 90 bolts
     * paid for 180 calls a second at half a second; at five it pays for 18.
     */
    static final long MAX_PARK_NANOS = 5_000_000_000L;
    private static final Slot[] NONE = new Slot[0];
    private static final int CYCLES_PER_IDLE_STEP = 4;
    /** One pass in this many is timed, for the balancer: two clock reads per call cost too much on every pass. */
    private static final int SAMPLE_EVERY = 8;

    private final Thread thread;
    private final Parker parker;
    private final Clock clock;
    private final IdleStrategy idle;
    private final long maxParkNanos;
    private final Queue<Slot> incoming = new ConcurrentLinkedQueue<>();
    private volatile Slot[] slots = NONE;
    private volatile boolean running = true;
    /** Odd while a cycle runs, with the cycle: lets the watchdog see a call that does not return. */
    private final CallMark call = new CallMark();
    /** Where this runner's quiet cycles gather while it dozes; null for a thread of one cycle. */
    private volatile Gathering gathering;
    /** True while the runner dozes: parked, or running only the cycles that are due. */
    private volatile boolean dozing;
    /** Set once the runner keeps a blocking cycle to itself: nothing is sent back to it. */
    volatile boolean isolated;
    /** While dozing: the cycles due within the safety net, and the earliest due time of the others. */
    private Slot[] near = NONE;
    private int nearCount;
    private long farDueAt;
    /** A due-only pass looked at every cycle, so the next park must sort them again. */
    private boolean rescan;
    /** Set by a thread that wants this runner held at its next safe point (see {@link #holdIfAsked}). */
    private volatile boolean holdAsked;
    /**
     * True while the runner is held at a safe point, between two calls of its cycles. The runner
     * writes it after everything it did before, so a thread that reads true sees all of that.
     */
    private volatile boolean held;
    /** Watchdog's bookkeeping, touched only by the watchdog thread. */
    long watchedSeq;
    int stalledTicks;

    Runner(String threadName, Clock clock, IdleStrategy idle) {
        this(threadName, clock, idle, MAX_PARK_NANOS);
    }

    /** With another safety net: tests set it beyond their deadline, so a lost wake-up shows. */
    Runner(String threadName, Clock clock, IdleStrategy idle, long maxParkNanos) {
        this.maxParkNanos = maxParkNanos;
        this.thread = new Thread(this, threadName);
        // Daemon: user code that ignores a kill's interrupt must not keep the JVM alive.
        this.thread.setDaemon(true);
        this.parker = new Parker(thread);
        this.clock = clock;
        this.idle = idle;
    }

    /** Gives the runner a cycle; it starts it (if nobody did) on its next pass. Any thread. */
    void hand(Slot slot) {
        slot.owner = this;
        incoming.add(slot);
        LockSupport.unpark(thread);
    }

    /** Lets this runner's quiet cycles gather where {@code g} says while it dozes. Before {@link #start()}. */
    void gatherTo(Gathering g) {
        this.gathering = g;
    }

    void start() {
        thread.start();
    }

    void stop() {
        running = false;
        LockSupport.unpark(thread);
    }

    Thread thread() {
        return thread;
    }

    /** Asks the runner to stop at its next safe point and stay there until {@link #releaseHold()}. Any thread. */
    void askHold() {
        holdAsked = true;
        LockSupport.unpark(thread);
    }

    /** Whether the runner is held at a safe point now (see {@link #held}). Any thread. */
    boolean isHeld() {
        return held;
    }

    /** Lets a held runner go on (or withdraws the request if it was not held yet). Any thread. */
    void releaseHold() {
        holdAsked = false;
        LockSupport.unpark(thread);
    }

    /** Sequence number of cycle calls: odd while one runs. */
    long seq() {
        return call.seq;
    }

    /** The cycle being run, if {@link #seq()} is odd. */
    Slot current() {
        return call.current;
    }

    /** The cycles this runner owns now. */
    List<Slot> owned() {
        List<Slot> out = new ArrayList<>();
        for (Slot s : slots) {
            if (s.owner == this) {
                out.add(s);
            }
        }
        for (Slot s : incoming) {
            if (s.owner == this) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * Gives up {@code slot} if this runner owns it and has another cycle left; true if it did. The
     * caller hands it to another runner. Any thread.
     */
    boolean giveUp(Slot slot) {
        if (slot.owner != this || owned().size() < 2) {
            return false;
        }
        slot.owner = null;
        return true;
    }

    /**
     * Keeps only {@code keep} and returns the other cycles, no longer this runner's; they must be
     * handed to another runner. Any thread.
     */
    List<Slot> takeAllBut(Slot keep) {
        List<Slot> others = new ArrayList<>();
        for (Slot s : owned()) {
            if (s != keep) {
                s.owner = null;
                others.add(s);
            }
        }
        return others;
    }

    @Override
    public void run() {
        ThreadClock.bind(clock);
        try {
            loop();
        } finally {
            adopt();
            for (Slot s : slots) {
                if (s.owner == this && s.started && !s.closed) {
                    close(s);
                }
            }
            ThreadClock.unbind();
        }
    }

    private void loop() {
        int idleCount = 0;
        // After a park that ran out its time with no signal, only the cycles whose budget ran out
        // are run (the parker stays announced meanwhile, so a signal to any other is still seen):
        // a thread serving 100 idle executors wakes for its polling spouts without passing over
        // the bolts that have nothing to do.
        boolean dueOnly = false;
        int pass = 0;
        while (running) {
            safePoint();
            boolean timed = (++pass & (SAMPLE_EVERY - 1)) == 0;
            if (!incoming.isEmpty()) {
                dueOnly = endDoze(dueOnly);
                adopt();
            }
            Slot[] s = slots;
            int work = 0;
            if (dueOnly) {
                work = runDue(s, timed);
            } else {
                for (Slot x : s) {
                    if (!running) {
                        break;
                    }
                    int w = runOnce(x, timed);
                    if (w > 0) {
                        work += w;
                        if (x.home != null) {
                            sendHome(x);
                        }
                    }
                }
            }
            if (work > 0) {
                idleCount = 0;
                dueOnly = endDoze(dueOnly);
            } else {
                // The idle strategy counts in passes of a few cycles; a pass over many cycles takes
                // as long as several, so it counts as several: a thread serving 100 idle executors
                // parks after a pass or two instead of spinning through dozens of long ones.
                idleCount += Math.max(1, s.length / CYCLES_PER_IDLE_STEP);
                if (dueOnly || idle.idle(idleCount)) {
                    dueOnly = park(s, dueOnly);
                }
            }
        }
    }

    /** Between two passes: holds here while a hold is asked (see {@link #holdIfAsked()}). */
    void safePoint() {
        if (holdAsked) {
            holdIfAsked();
        }
    }

    /**
     * The safe point: between two passes no cycle of this runner is inside a call. Announces it
     * (a volatile write after everything the runner did) and parks until released; a park that
     * returns for another reason (a producer's unpark) just looks again.
     */
    private void holdIfAsked() {
        held = true;
        while (holdAsked && running) {
            LockSupport.park(this);
        }
        held = false;
    }

    /** Leaves due-only mode: from the next pass on every cycle runs, so the announcement can go. */
    private boolean endDoze(boolean dueOnly) {
        if (dueOnly) {
            dozing = false;
            parker.cancelPark();
        }
        return false;
    }

    /**
     * Moves a quiet cycle to the pool's gathering thread if that thread dozes too: an idle pool
     * then wakes one thread for its polls instead of all of them. A wake-up costs this kind of
     * machine 60-230 us, far more than the polls it serves.
     */
    private void gather(Slot x) {
        Runner target = gathering.target;
        if (target == null || target == this || !target.dozing || x.owner != this || !x.cycle.quiet()) {
            return;
        }
        if (giveUp(x)) {
            x.home = this;
            target.hand(x);
        }
    }

    /** Sends a gathered cycle back to its own thread once it has work again. */
    private void sendHome(Slot x) {
        Runner h = x.home;
        if (h == this || h.isolated || !h.running) {
            x.home = null; // home already, or home is gone: it stays
            return;
        }
        if (!x.cycle.quiet() && giveUp(x)) {
            x.home = null;
            h.hand(x);
        }
    }

    int runOnce(Slot x, boolean timed) {
        if (x.owner != this || !x.claim()) {
            return 0;
        }
        try {
            if (x.owner != this) {
                return 0;
            }
            call.current = x;
            call.seq = call.seq + 1;
            long start = timed ? System.nanoTime() : 0;
            try {
                int work = x.cycle.doWork(parker);
                if (timed && work > 0) {
                    x.busyNanos = x.busyNanos + SAMPLE_EVERY * (System.nanoTime() - start);
                }
                return work;
            } finally {
                call.seq = call.seq + 1;
            }
        } catch (Throwable t) {
            // Duty cycles catch what user code throws; this is an engine bug. Keep the others running.
            LOG.error("duty cycle {} failed", x.cycle.name(), t);
            return 0;
        } finally {
            x.release();
        }
    }

    /**
     * A due-only pass: runs the cycles whose due time has come, and gathers those that are quiet.
     * Only the near ones are looked at, unless the earliest far one is due too: a thread with 10
     * polling spouts and 90 quiet bolts touches 10 slots per wake-up, not 100, and each slot it
     * touches is a likely cache miss after a long park.
     */
    private int runDue(Slot[] s, boolean timed) {
        long now = System.nanoTime();
        boolean all = farDueAt - now <= 0;
        if (all) {
            rescan = true;
        }
        Slot[] list = all ? s : near;
        int n = all ? s.length : nearCount;
        int work = 0;
        for (int i = 0; i < n && running; i++) {
            Slot x = list[i];
            if (x.dueAt - now > 0) {
                continue;
            }
            x.ranDozing = true;
            int w = runOnce(x, timed);
            if (w > 0) {
                work += w;
                if (x.home != null) {
                    sendHome(x);
                }
            } else if (gathering != null) {
                gather(x);
            }
        }
        return work;
    }

    /**
     * Parks for the smallest budget of the cycles, and returns whether the next pass should run
     * only the cycles that are due. Each cycle's budget is kept as its due time; in due-only mode
     * (the thread is still announced as parked) only the cycles just run are asked again, since
     * any other change reaches the parker as a signal or wake. Cycles due within the safety net
     * are kept apart as the near ones, with the earliest due time of the others, so that a
     * due-only pass and park look at the near ones only.
     */
    private boolean park(Slot[] s, boolean dueOnly) {
        if (!dueOnly) {
            parker.prepareToPark();
        }
        long now = System.nanoTime();
        long budget = maxParkNanos;
        if (!running || !incoming.isEmpty()) {
            budget = 0;
        }
        boolean full = !dueOnly || rescan;
        rescan = false;
        Slot[] list = full ? s : near;
        int n = full ? s.length : nearCount;
        if (full) {
            if (near.length < s.length) {
                near = new Slot[s.length];
            }
            nearCount = 0;
            farDueAt = now + maxParkNanos;
        }
        for (int i = 0; i < n && budget > 0; i++) {
            Slot x = list[i];
            if (x.owner != this) {
                continue;
            }
            if (full || x.ranDozing) {
                x.ranDozing = false;
                if (!x.claim()) {
                    budget = 0; // being run elsewhere right now: look again soon
                    break;
                }
                long b;
                try {
                    b = x.cycle.parkBudgetNanos(parker);
                } finally {
                    x.release();
                }
                x.dueAt = now + Math.min(b, maxParkNanos);
            }
            if (full) {
                if (x.dueAt - now < maxParkNanos) {
                    near[nearCount++] = x;
                } else if (x.dueAt - farDueAt < 0) {
                    farDueAt = x.dueAt;
                }
            }
            budget = Math.min(budget, x.dueAt - now);
        }
        budget = Math.min(budget, farDueAt - now);
        if (budget <= 0 || parker.wasWoken()) {
            dozing = false;
            clearDozing(s);
            parker.cancelPark();
            return false;
        }
        dozing = true;
        parker.doze(budget);
        if (parker.wasWoken() || !running || !incoming.isEmpty()) {
            dozing = false;
            parker.cancelPark();
            return false;
        }
        return true;
    }

    private static void clearDozing(Slot[] s) {
        for (Slot x : s) {
            x.ranDozing = false;
        }
    }

    /** Takes the handed cycles into the pass, starting those nobody started, and drops those taken away. */
    private void adopt() {
        List<Slot> next = new ArrayList<>(Arrays.asList(slots));
        Slot s;
        while ((s = incoming.poll()) != null) {
            if (!next.contains(s)) {
                next.add(s);
            }
        }
        next.removeIf(x -> x.owner != this);
        for (Slot x : next) {
            if (!x.started && running) {
                x.started = true;
                start(x);
            }
        }
        slots = next.toArray(NONE);
    }

    private void start(Slot x) {
        call.current = x;
        call.seq = call.seq + 1; // open and prepare are user code too: the watchdog sees them block
        try {
            x.cycle.onStart(parker);
        } catch (Throwable t) {
            LOG.error("duty cycle {} failed to start", x.cycle.name(), t);
        } finally {
            call.seq = call.seq + 1;
        }
    }

    private void close(Slot x) {
        x.closed = true;
        // A kill may have interrupted user code to get here; clear the flag so that close and
        // cleanup, which often wait for something themselves, are not cut short by it.
        Thread.interrupted();
        try {
            x.cycle.onClose();
        } catch (Throwable t) {
            LOG.error("duty cycle {} failed to close", x.cycle.name(), t);
        }
    }

    @Override
    public String toString() {
        return thread.getName();
    }
}
