package dev.gale.storm.bridge.internal;

import java.util.Iterator;
import java.util.Map;
import org.apache.storm.state.KeyValueState;

/**
 * Gale's checkpointed key-value state as Storm's {@link KeyValueState}: every call goes to Gale's
 * state (in memory, RocksDB or Redis, as the topology's state provider says). Thread-safety: that
 * of the Gale state, used on the bolt's thread.
 */
final class StormKeyValueStateView<K, V> implements KeyValueState<K, V> {
    private final dev.gale.state.KeyValueState<K, V> gale;

    StormKeyValueStateView(dev.gale.state.KeyValueState<K, V> gale) {
        this.gale = gale;
    }

    @Override
    public void put(K key, V value) {
        gale.put(key, value);
    }

    @Override
    public V get(K key) {
        return gale.get(key);
    }

    @Override
    public V get(K key, V defaultValue) {
        return gale.get(key, defaultValue);
    }

    @Override
    public V delete(K key) {
        return gale.delete(key);
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        return gale.iterator();
    }

    @Override
    public void prepareCommit(long txid) {
        gale.prepareCommit(txid);
    }

    @Override
    public void commit(long txid) {
        gale.commit(txid);
    }

    @Override
    public void commit() {
        gale.commit();
    }

    @Override
    public void rollback() {
        gale.rollback();
    }
}
