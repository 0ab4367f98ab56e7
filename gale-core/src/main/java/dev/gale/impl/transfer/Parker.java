package dev.gale.impl.transfer;

import dev.gale.impl.time.Pace;
import java.util.concurrent.locks.LockSupport;

/**
 * The sleep/wake handshake of one thread that runs executors: producers that fill an inbox
 * {@link #signal()} the parker bound to it, and the thread {@link #park parks} only after
 * announcing it and re-checking its inboxes, so no wake-up is lost. The volatile write of
 * {@code sleeping} before the re-check pairs with the producer's offer (a volatile write) before
 * its read of {@code sleeping}: one of the two always sees the other.
 *
 * <p>A thread may also {@link #doze}: park, and stay announced after it wakes. While announced,
 * every signal (and every {@link #wake}) is recorded, so a thread that woke because its timer ran
 * out can serve only the executors that were due and still learn, from {@link #wasWoken()}, that
 * some other one was given work meanwhile.
 *
 * <p>Thread-safe: any thread may signal; only the owning thread parks.
 */
public final class Parker {
    private final Thread thread;
    private final Pace pace;
    private volatile boolean sleeping;
    /** Set by a signal or wake since the last {@link #prepareToPark()}. */
    private volatile boolean woken;
    /** Inline hand-offs nested on this thread right now; confined to it (see InlineReceiver). */
    private int inlineDepth;

    /** A parker for a thread that runs in {@link Pace#REAL_TIME}. */
    public Parker(Thread thread) {
        this(thread, Pace.REAL_TIME);
    }

    /** A parker for a thread whose scheduler runs its cycles at {@code pace}. */
    public Parker(Thread thread, Pace pace) {
        this.thread = thread;
        this.pace = pace;
    }

    /** How the cycles run on this thread meet time, as their scheduler decided. */
    public Pace pace() {
        return pace;
    }

    /** The thread that parks here. */
    public Thread thread() {
        return thread;
    }

    /**
     * Enters one more nested inline hand-off on this thread, unless {@code max} are nested already
     * (then the caller queues instead, so a long chain cannot exhaust the stack). Owner thread only.
     */
    public boolean enterInline(int max) {
        if (inlineDepth >= max) {
            return false;
        }
        inlineDepth++;
        return true;
    }

    /** Leaves an inline hand-off entered with {@link #enterInline}. */
    public void exitInline() {
        inlineDepth--;
    }

    /** Wakes the thread if it is parked or about to park (or dozing). */
    public void signal() {
        if (sleeping) {
            woken = true;
            LockSupport.unpark(thread);
        }
    }

    /**
     * Wakes the thread whatever it is doing, for a waiter registered by the thread itself (room in
     * a full queue, backpressure cleared): the permit sticks if it is not parked yet.
     */
    public void wake() {
        woken = true;
        LockSupport.unpark(thread);
    }

    /** Announces the coming park; call before re-checking for work. */
    public void prepareToPark() {
        woken = false;
        sleeping = true;
    }

    /** Whether a signal or wake came since the last {@link #prepareToPark()}. */
    public boolean wasWoken() {
        return woken;
    }

    /**
     * Parks like {@link #park} but stays announced: signals that come after it returns are still
     * recorded (see {@link #wasWoken()}) until {@link #cancelPark()}.
     */
    public void doze(long nanos) {
        if (nanos > 0) {
            LockSupport.parkNanos(this, nanos);
        }
    }

    /** Parks (after {@link #prepareToPark()} and a re-check that found nothing), then clears the announcement. */
    public void park(long nanos) {
        try {
            if (nanos > 0) {
                LockSupport.parkNanos(this, nanos);
            }
        } finally {
            sleeping = false;
        }
    }

    /** Withdraws the announcement without parking (the re-check found work), or ends a doze. */
    public void cancelPark() {
        sleeping = false;
    }
}
