package dev.gale.impl.transfer;

import java.util.concurrent.locks.LockSupport;

/**
 * The sleep/wake handshake of one thread that runs executors: producers that fill an inbox
 * {@link #signal()} the parker bound to it, and the thread {@link #park parks} only after
 * announcing it and re-checking its inboxes, so no wake-up is lost. The volatile write of
 * {@code sleeping} before the re-check pairs with the producer's offer (a volatile write) before
 * its read of {@code sleeping}: one of the two always sees the other.
 *
 * <p>Thread-safe: any thread may signal; only the owning thread parks.
 */
public final class Parker {
    private final Thread thread;
    private volatile boolean sleeping;
    /** Inline hand-offs nested on this thread right now; confined to it (see InlineReceiver). */
    private int inlineDepth;

    public Parker(Thread thread) {
        this.thread = thread;
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

    /** Wakes the thread if it is parked or about to park. */
    public void signal() {
        if (sleeping) {
            LockSupport.unpark(thread);
        }
    }

    /** Announces the coming park; call before re-checking for work. */
    public void prepareToPark() {
        sleeping = true;
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

    /** Withdraws the announcement without parking (the re-check found work). */
    public void cancelPark() {
        sleeping = false;
    }
}
