package dev.gale.state;

import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Gale addition: the two-phase commit of a {@link KeyValueState} over a durable store of bytes,
 * for state providers (RocksDB, Redis) to build on. Changes are kept as objects until
 * {@link #prepareCommit}, which serializes them (once per key, however often it changed) and has
 * the store save them durably as the prepared transaction; {@link #commit(long)} has the store
 * apply them to its committed data atomically; {@link #rollback()} drops them. A restarted task
 * finds the prepared transaction in the store, so a recovery can still commit it.
 *
 * <p>A key or value that cannot be serialized fails {@code prepareCommit} (or {@code commit()})
 * with an {@link IllegalArgumentException} naming this state (and so the bolt and task) and the
 * class. Not thread-safe: one task uses it, on its own thread.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public abstract class BinaryKeyValueState<K, V> implements KeyValueState<K, V> {
    private static final Object DELETED = new Object();
    private final String namespace;
    private final DefaultStateEncoder<K, V> encoder;
    /** Changes since the last prepare: key to value, or {@link #DELETED}. */
    private final Map<K, Object> pending = new HashMap<>();
    /** The prepared transaction's changes, as saved in the store (tombstones for deletions), or null. */
    private Map<ByteBuffer, byte[]> prepared;
    private Long preparedTxid;
    private Long committedTxid;

    /** The store's committed data, prepared transaction and txids, as a subclass reads and writes them. */
    protected BinaryKeyValueState(String namespace, Serializer<K> keySerializer, Serializer<V> valueSerializer) {
        this.namespace = namespace;
        this.encoder = new DefaultStateEncoder<>(keySerializer, valueSerializer);
    }

    /** Reads back the prepared transaction and txids saved in the store; call at the end of the constructor. */
    protected final void load() {
        committedTxid = storedCommittedTxid();
        preparedTxid = storedPreparedTxid();
        Map<byte[], byte[]> p = preparedTxid == null ? Map.of() : storedPrepared();
        prepared = preparedTxid == null ? null : new LinkedHashMap<>();
        for (Map.Entry<byte[], byte[]> e : p.entrySet()) {
            prepared.put(ByteBuffer.wrap(e.getKey()), e.getValue());
        }
    }

    /** Gale: the last transaction committed to the store, or null if none ever was. */
    public Long getCommittedTxid() {
        return committedTxid;
    }

    /** The namespace this state has in its store. */
    public String getNamespace() {
        return namespace;
    }

    // ---- what a store provides

    /** The committed value of an encoded key, or null. */
    protected abstract byte[] readCommitted(byte[] key);

    /** Every committed entry (encoded), in any order; may read the store in chunks. */
    protected abstract Iterator<Map.Entry<byte[], byte[]>> scanCommitted();

    /** The txid of the last commit saved in the store, or null. */
    protected abstract Long storedCommittedTxid();

    /** The txid of the prepared transaction saved in the store, or null. */
    protected abstract Long storedPreparedTxid();

    /** The prepared transaction's entries saved in the store. */
    protected abstract Map<byte[], byte[]> storedPrepared();

    /** Durably replaces the store's prepared transaction with {@code entries} as {@code txid}. */
    protected abstract void writePrepared(long txid, Map<byte[], byte[]> entries);

    /**
     * Atomically and durably applies {@code entries} to the committed data (a tombstone,
     * {@link DefaultStateEncoder#isTombstone}, deletes its key), records {@code txid} as committed
     * and drops the prepared transaction.
     */
    protected abstract void applyPrepared(long txid, Map<byte[], byte[]> entries);

    /** Durably drops the prepared transaction. */
    protected abstract void discardPrepared();

    /** Atomically and durably applies {@code entries} to the committed data, outside any transaction. */
    protected abstract void writeCommitted(Map<byte[], byte[]> entries);

    // ---- KeyValueState

    @Override
    public void put(K key, V value) {
        pending.put(key, value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(K key) {
        Object v = pending.get(key);
        if (v != null || pending.containsKey(key)) {
            return v == DELETED ? null : (V) v;
        }
        byte[] k = encodeKey(key);
        byte[] b = prepared == null ? null : prepared.get(ByteBuffer.wrap(k));
        if (b == null) {
            b = readCommitted(k);
            if (b == null) {
                return null;
            }
        }
        return encoder.decodeValue(b);
    }

    @Override
    public V get(K key, V defaultValue) {
        V v = get(key);
        return v != null ? v : defaultValue;
    }

    @Override
    public V delete(K key) {
        V cur = get(key);
        pending.put(key, DELETED);
        return cur;
    }

    @Override
    public void prepareCommit(long txid) {
        if (committedTxid != null && txid <= committedTxid) {
            throw new IllegalStateException(describe() + ": cannot prepare txid " + txid + ": txid " + committedTxid
                    + " is committed already");
        }
        Map<ByteBuffer, byte[]> next = prepared == null ? new LinkedHashMap<>() : new LinkedHashMap<>(prepared);
        next.putAll(encodePending());
        writePrepared(txid, raw(next));
        prepared = next;
        preparedTxid = txid;
        pending.clear();
    }

    @Override
    public void commit(long txid) {
        if (prepared == null) {
            if (committedTxid != null && txid <= committedTxid) {
                return; // committed already: a recovery commits the transaction again
            }
        } else if (preparedTxid != txid) {
            throw new IllegalStateException(describe() + ": cannot commit txid " + txid + ": txid " + preparedTxid
                    + " is the one prepared");
        }
        applyPrepared(txid, prepared == null ? Map.of() : raw(prepared));
        prepared = null;
        preparedTxid = null;
        committedTxid = txid;
    }

    @Override
    public void commit() {
        Map<ByteBuffer, byte[]> changes = encodePending();
        if (!changes.isEmpty()) {
            writeCommitted(raw(changes));
        }
        pending.clear();
    }

    @Override
    public void rollback() {
        pending.clear();
        if (prepared != null) {
            discardPrepared();
        }
        prepared = null;
        preparedTxid = null;
    }

    /** Every mapping visible now: changes not yet prepared, then the prepared ones, then the committed ones. */
    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        List<Map.Entry<K, V>> first = new ArrayList<>();
        Set<ByteBuffer> seen = new HashSet<>();
        for (Map.Entry<K, Object> e : pending.entrySet()) {
            seen.add(ByteBuffer.wrap(encodeKey(e.getKey())));
            if (e.getValue() != DELETED) {
                @SuppressWarnings("unchecked")
                V v = (V) e.getValue();
                first.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey(), v));
            }
        }
        if (prepared != null) {
            for (Map.Entry<ByteBuffer, byte[]> e : prepared.entrySet()) {
                if (seen.add(e.getKey()) && !DefaultStateEncoder.isTombstone(e.getValue())) {
                    first.add(decode(e.getKey().array(), e.getValue()));
                }
            }
        }
        Iterator<Map.Entry<K, V>> head = first.iterator();
        Iterator<Map.Entry<byte[], byte[]>> stored = scanCommitted();
        return new Iterator<>() {
            private Map.Entry<K, V> next;

            @Override
            public boolean hasNext() {
                if (next != null) {
                    return true;
                }
                if (head.hasNext()) {
                    next = head.next();
                    return true;
                }
                while (stored.hasNext()) {
                    Map.Entry<byte[], byte[]> e = stored.next();
                    if (seen.add(ByteBuffer.wrap(e.getKey()))) {
                        next = decode(e.getKey(), e.getValue());
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Map.Entry<K, V> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Map.Entry<K, V> out = next;
                next = null;
                return out;
            }
        };
    }

    private Map.Entry<K, V> decode(byte[] key, byte[] value) {
        return new AbstractMap.SimpleImmutableEntry<>(encoder.decodeKey(key), encoder.decodeValue(value));
    }

    private Map<ByteBuffer, byte[]> encodePending() {
        Map<ByteBuffer, byte[]> out = new LinkedHashMap<>();
        for (Map.Entry<K, Object> e : pending.entrySet()) {
            byte[] k = encodeKey(e.getKey());
            byte[] v;
            if (e.getValue() == DELETED) {
                v = encoder.getTombstoneValue();
            } else {
                @SuppressWarnings("unchecked")
                V value = (V) e.getValue();
                try {
                    v = encoder.encodeValue(value);
                } catch (RuntimeException ex) {
                    throw new IllegalArgumentException(describe() + ": the value of key " + e.getKey() + ": "
                            + ex.getMessage(), ex);
                }
            }
            out.put(ByteBuffer.wrap(k), v);
        }
        return out;
    }

    private byte[] encodeKey(K key) {
        try {
            return encoder.encodeKey(key);
        } catch (RuntimeException ex) {
            throw new IllegalArgumentException(describe() + ": key " + key + ": " + ex.getMessage(), ex);
        }
    }

    private static Map<byte[], byte[]> raw(Map<ByteBuffer, byte[]> m) {
        Map<byte[], byte[]> out = new LinkedHashMap<>();
        for (Map.Entry<ByteBuffer, byte[]> e : m.entrySet()) {
            out.put(e.getKey().array(), e.getValue());
        }
        return out;
    }

    /** "state 'count-3'": the namespace is the component and task (see {@link StateProvider}). */
    protected String describe() {
        return "state '" + namespace + "' (" + getClass().getSimpleName() + ")";
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{namespace=" + namespace + ", committedTxid=" + committedTxid
                + ", preparedTxid=" + preparedTxid + ", pending=" + pending.size() + '}';
    }
}
