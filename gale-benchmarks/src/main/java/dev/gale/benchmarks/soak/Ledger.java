package dev.gale.benchmarks.soak;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the chaos soak's spouts learn of their ids: how often each was acked, and totals. One soak
 * runs per JVM, so the spout copies reach it through a static. Thread-safe.
 */
final class Ledger {
    static volatile Ledger current;

    final int ids;
    final AtomicIntegerArray acks;
    final AtomicLong acked = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong emitted = new AtomicLong();
    final AtomicLong doubled = new AtomicLong();

    Ledger(int ids) {
        this.ids = ids;
        this.acks = new AtomicIntegerArray(ids);
    }

    void acked(int id) {
        if (acks.incrementAndGet(id) == 1) {
            acked.incrementAndGet();
        } else {
            doubled.incrementAndGet();
        }
    }

    /** Ids never acked. */
    long missing() {
        long n = 0;
        for (int i = 0; i < ids; i++) {
            if (acks.get(i) == 0) {
                n++;
            }
        }
        return n;
    }
}
