package dev.gale.state;

import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A durable state over maps in memory, with the default serializers made from a topology
 * configuration as the RocksDB and Redis providers make them, for tests of what reaches the bytes.
 * Not thread-safe.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
final class MapStoreState<K, V> extends BinaryKeyValueState<K, V> {
    final Map<ByteBuffer, byte[]> committed = new HashMap<>();
    private Map<byte[], byte[]> prepared = Map.of();
    private Long preparedTxid;
    private Long committedTxid;

    MapStoreState(Map<String, Object> topoConf) {
        super("test/bolt/0", new DefaultStateSerializer<>(topoConf, null), new DefaultStateSerializer<>(topoConf, null));
        load();
    }

    @Override
    protected byte[] readCommitted(byte[] key) {
        return committed.get(ByteBuffer.wrap(key));
    }

    @Override
    protected Iterator<Map.Entry<byte[], byte[]>> scanCommitted() {
        List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
        committed.forEach((k, v) -> out.add(new AbstractMap.SimpleImmutableEntry<>(k.array(), v)));
        return out.iterator();
    }

    @Override
    protected Long storedCommittedTxid() {
        return committedTxid;
    }

    @Override
    protected Long storedPreparedTxid() {
        return preparedTxid;
    }

    @Override
    protected Map<byte[], byte[]> storedPrepared() {
        return prepared;
    }

    @Override
    protected void writePrepared(long txid, Map<byte[], byte[]> entries) {
        prepared = new LinkedHashMap<>(entries);
        preparedTxid = txid;
    }

    @Override
    protected void applyPrepared(long txid, Map<byte[], byte[]> entries) {
        writeCommitted(entries);
        committedTxid = txid;
        discardPrepared();
    }

    @Override
    protected void discardPrepared() {
        prepared = Map.of();
        preparedTxid = null;
    }

    @Override
    protected void writeCommitted(Map<byte[], byte[]> entries) {
        entries.forEach((k, v) -> {
            if (DefaultStateEncoder.isTombstone(v)) {
                committed.remove(ByteBuffer.wrap(k));
            } else {
                committed.put(ByteBuffer.wrap(k), v);
            }
        });
    }
}
