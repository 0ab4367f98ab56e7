package dev.gale.testing;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records which message ids a {@link FeederSpout} got acked and failed (Storm's test delegate).
 * Spouts run copies of it, so the sets live in a static map under an id made at construction.
 * Thread-safe.
 */
public class AckFailMapTracker implements AckFailDelegate {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Set<Object>> STATE = new ConcurrentHashMap<>();

    private final String acked = UUID.randomUUID().toString();
    private final String failed = UUID.randomUUID().toString();

    public AckFailMapTracker() {
        STATE.put(acked, ConcurrentHashMap.newKeySet());
        STATE.put(failed, ConcurrentHashMap.newKeySet());
    }

    private static Set<Object> set(String key) {
        return STATE.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet());
    }

    public boolean isAcked(Object id) {
        return set(acked).contains(id);
    }

    public boolean isFailed(Object id) {
        return set(failed).contains(id);
    }

    @Override
    public void ack(Object id) {
        set(acked).add(id);
    }

    @Override
    public void fail(Object id) {
        set(failed).add(id);
    }
}
