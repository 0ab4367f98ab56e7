package dev.gale.impl.sched;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A duty cycle as a scheduler holds it: which runner owns it now, whether it was started and
 * closed, and a claim that keeps two threads from running it at once while it moves between
 * runners.
 *
 * <p>Thread-safe.
 */
final class Slot {
    final DutyCycle cycle;
    private final AtomicBoolean claimed = new AtomicBoolean();
    volatile Runner owner;
    volatile boolean started;
    volatile boolean closed;
    /**
     * Nanoseconds spent in calls that did work, estimated from sampled passes; written by the
     * runner that holds the claim, read by the balancer.
     */
    volatile long busyNanos;
    /** The balancer's last reading of {@link #busyNanos}, and the growth since the one before; balancer only. */
    long busySeen;
    long busyDelta;
    /** When the cycle next wants to run while its runner dozes (System.nanoTime); owning runner only. */
    long dueAt;
    /** Whether it ran in the current due-only pass, so its budget must be asked again; owning runner only. */
    boolean ranDozing;

    Slot(DutyCycle cycle) {
        this.cycle = cycle;
    }

    /** True if the caller may run the cycle now; it must {@link #release()} after. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    void release() {
        claimed.set(false);
    }

    @Override
    public String toString() {
        return cycle.name();
    }
}
