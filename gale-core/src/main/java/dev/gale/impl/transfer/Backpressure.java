package dev.gale.impl.transfer;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Topology-wide congestion flag: while any bolt executor holds tuples it could not hand to a full
 * downstream queue, spouts stop calling {@code nextTuple}. Bolts never block on a full queue
 * (they keep the tuples in their overflow and keep consuming), so a cycle in the graph cannot
 * deadlock; throttling the sources is what bounds memory.
 *
 * <p>Thread-safe.
 */
public final class Backpressure {
    private final AtomicInteger congested = new AtomicInteger();

    /** Called by an executor when its overflow turns non-empty. */
    public void enter() {
        congested.incrementAndGet();
    }

    /** Called by an executor when its overflow drains empty. */
    public void exit() {
        congested.decrementAndGet();
    }

    public boolean isCongested() {
        return congested.get() > 0;
    }
}
