package dev.gale.state;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * A {@link KeyValueState} kept in the task's memory: the default state, as in Storm. Its commits
 * survive a rollback (a failed checkpoint, a failed tuple) but not the end of the JVM. Values are
 * kept as they are, never serialized; {@link #prepareCommit} copies the map (not the values).
 *
 * <p>Not thread-safe: one task uses it, on its own thread.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class InMemoryKeyValueState<K, V> implements KeyValueState<K, V> {
    private static final long DEFAULT_TXID = -1;
    private Snapshot<K, V> committed;
    private Snapshot<K, V> prepared;
    private Map<K, V> state = new HashMap<>();

    private record Snapshot<K, V>(long txid, Map<K, V> state) {
    }

    @Override
    public void put(K key, V value) {
        state.put(key, value);
    }

    @Override
    public V get(K key) {
        return state.get(key);
    }

    @Override
    public V get(K key, V defaultValue) {
        V v = state.get(key);
        return v != null ? v : defaultValue;
    }

    @Override
    public V delete(K key) {
        return state.remove(key);
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        return state.entrySet().iterator();
    }

    @Override
    public void commit() {
        committed = new Snapshot<>(DEFAULT_TXID, new HashMap<>(state));
    }

    @Override
    public void prepareCommit(long txid) {
        if (prepared != null && txid > prepared.txid) {
            throw new IllegalStateException("cannot prepare txid " + txid + ": txid " + prepared.txid
                    + " is prepared and not committed");
        }
        prepared = new Snapshot<>(txid, new HashMap<>(state));
    }

    @Override
    public void commit(long txid) {
        if (prepared == null && committed != null && committed.txid == txid) {
            return; // committed already: a recovery commits the transaction again
        }
        if (prepared == null || prepared.txid != txid) {
            throw new IllegalStateException("cannot commit txid " + txid + ": "
                    + (prepared == null ? "nothing is prepared" : "txid " + prepared.txid + " is prepared"));
        }
        committed = prepared;
        prepared = null;
    }

    @Override
    public void rollback() {
        prepared = null;
        state = committed != null ? new HashMap<>(committed.state) : new HashMap<>();
    }

    @Override
    public String toString() {
        return "InMemoryKeyValueState{committed=" + (committed == null ? "none" : "txid " + committed.txid)
                + ", prepared=" + (prepared == null ? "none" : "txid " + prepared.txid) + ", size=" + state.size() + '}';
    }
}
