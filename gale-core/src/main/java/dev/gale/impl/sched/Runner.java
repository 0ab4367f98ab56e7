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
    /** One pass in this many is timed, for the watchdog's placement search: two clock reads per call cost too much on every pass. */
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
    /** How the runner parks, and which cycles it runs while dozing. */
    private final Doze doze;
    /** Passes in a row that did nothing, as the idle strategy counts them. */
    private int idleCount;
    /** Set once the runner keeps a blocking cycle to itself: nothing is sent back to it. */
    volatile boolean isolated;
    /** Set by a thread that wants this runner held at its next safe point (see {@link #holdIfAsked}). */
    private volatile boolean holdAsked;
    /**
     * True while the runner is held at a safe point, between two calls of its cycles. The runner
     * writes it after everything it did before, so a thread that reads true sees all of that.
     */
    private volatile boolean held;
    /** The thread's id in the kernel, for {@link RunQueueWait}; set when the thread starts. */
    private volatile long kernelThreadId = RunQueueWait.UNKNOWN;
    /** Watchdog's bookkeeping, touched only by the watchdog thread. */
    long watchedSeq;
    int stalledTicks;
    /** The thread's run-queue wait at the watchdog's last look at a stalled call, and when that look was. */
    long watchedWait = RunQueueWait.UNKNOWN;
    long watchedAt;

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
        this.doze = new Doze(parker, maxParkNanos);
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

    boolean isRunning() {
        return running;
    }

    /** Whether cycles were handed to this runner that it has not taken in yet. */
    boolean hasIncoming() {
        return !incoming.isEmpty();
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
            // A cycle moved away and back before this runner looked is in both lists.
            if (s.owner == this && !out.contains(s)) {
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

    /** The thread's id in the kernel, or {@link RunQueueWait#UNKNOWN} (not started, or not Linux). Any thread. */
    long kernelThreadId() {
        return kernelThreadId;
    }

    @Override
    public void run() {
        kernelThreadId = RunQueueWait.currentThreadId();
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
        int pass = 0;
        while (running) {
            safePoint();
            boolean timed = (++pass & (SAMPLE_EVERY - 1)) == 0;
            if (!incoming.isEmpty()) {
                doze.end();
                adopt();
            }
            Slot[] s = slots;
            idle(doze.dueOnly() ? runDue(s, timed) : runAll(s, timed), s);
        }
    }

    /** A pass over every cycle; returns the work done. */
    private int runAll(Slot[] s, boolean timed) {
        int work = 0;
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
        return work;
    }

    /** A due-only pass while dozing: runs the cycles whose due time has come, and gathers those that are quiet. */
    private int runDue(Slot[] s, boolean timed) {
        int n = doze.dueNow(s);
        Slot[] due = doze.due();
        int work = 0;
        for (int i = 0; i < n && running; i++) {
            Slot x = due[i];
            int w = runOnce(x, timed);
            if (w > 0) {
                work += w;
                if (x.home != null) {
                    sendHome(x);
                }
            } else {
                gather(x);
            }
        }
        return work;
    }

    /**
     * After a pass: a pass that did work ends any doze; after passes that did none, the idle
     * strategy says when to doze. The strategy counts in passes of a few cycles; a pass over many
     * cycles takes as long as several, so it counts as several: a thread serving 100 idle
     * executors parks after a pass or two instead of spinning through dozens of long ones.
     */
    private void idle(int work, Slot[] s) {
        if (work > 0) {
            idleCount = 0;
            doze.end();
            return;
        }
        idleCount += Math.max(1, s.length / CYCLES_PER_IDLE_STEP);
        if (doze.dueOnly() || idle.idle(idleCount)) {
            doze.park(s, this, running && incoming.isEmpty());
            if (!running || !incoming.isEmpty()) {
                doze.end();
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

    /**
     * Moves a quiet cycle to the pool's gathering thread if that thread dozes too: an idle pool
     * then wakes one thread for its polls instead of all of them. A wake-up costs this kind of
     * machine 60-230 us, far more than the polls it serves.
     */
    private void gather(Slot x) {
        Gathering g = gathering;
        if (g == null) {
            return;
        }
        Runner target = g.target;
        if (target == null || target == this || !target.doze.dozing() || x.owner != this || !x.cycle.quiet()) {
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

    /** Runs one call of the cycle if this runner owns it and can claim it; returns its work (0 if it did not run). */
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
