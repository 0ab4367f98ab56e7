package dev.gale.impl.transfer;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Topology-wide congestion flag: while any bolt executor holds tuples it could not hand to a full
 * downstream queue, spouts stop calling {@code nextTuple}. Bolts never block on a full queue
 * (they keep the tuples in their overflow and keep consuming), so a cycle in the graph cannot
 * deadlock; throttling the sources is what bounds memory. A throttled spout parks until the
 * flag clears ({@link #awaitClear}) instead of polling it.
 *
 * <p>Thread-safe.
 */
public final class Backpressure {
    private final AtomicInteger congested = new AtomicInteger();
    private final Set<Parker> waiters = ConcurrentHashMap.newKeySet();

    /** Called by an executor when its overflow turns non-empty. */
    public void enter() {
        congested.incrementAndGet();
    }

    /** Called by an executor when its overflow drains empty. */
    public void exit() {
        // The decrement is a full fence before the read of the waiters: see awaitClear.
        if (congested.decrementAndGet() == 0 && !waiters.isEmpty()) {
            for (Parker p : waiters) {
                if (waiters.remove(p)) {
                    p.wake();
                }
            }
        }
    }

    /**
     * Registers {@code waiter} to be unparked when the topology is no longer congested, and
     * returns true if it should park now; false (not registered) if it is not congested any more.
     * The registration (a CAS) then the re-read of the flag pair with exit's decrement then read
     * of the waiters, so no wake-up is lost.
     */
    public boolean awaitClear(Parker waiter) {
        waiters.add(waiter);
        if (!isCongested()) {
            waiters.remove(waiter);
            return false;
        }
        return true;
    }

    public boolean isCongested() {
        return congested.get() > 0;
    }
}
