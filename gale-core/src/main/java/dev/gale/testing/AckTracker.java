package dev.gale.testing;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the acks a {@link FeederSpout} receives (Storm's test delegate). Spouts run copies of
 * it, so the count lives in a static map under an id made at construction. Thread-safe.
 */
public class AckTracker implements AckFailDelegate {
    private static final long serialVersionUID = 1L;
    private static final Map<String, AtomicInteger> ACKS = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();

    public AckTracker() {
        ACKS.put(id, new AtomicInteger());
    }

    @Override
    public void ack(Object id) {
        ACKS.computeIfAbsent(this.id, k -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void fail(Object id) {
    }

    public int getNumAcks() {
        return ACKS.computeIfAbsent(id, k -> new AtomicInteger()).get();
    }

    public void resetNumAcks() {
        ACKS.computeIfAbsent(id, k -> new AtomicInteger()).set(0);
    }
}
