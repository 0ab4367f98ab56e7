package dev.gale.redis.state;

import dev.gale.redis.internal.RedisPools;
import dev.gale.state.BinaryKeyValueState;
import dev.gale.state.DefaultStateEncoder;
import dev.gale.state.Serializer;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * A {@link dev.gale.state.KeyValueState} kept in Redis, in storm-redis's layout: the committed
 * data in the hash {@code <namespace>}, the prepared transaction in {@code <namespace>$prepare},
 * and the txids in {@code <namespace>$txid} (fields {@code commit} and {@code prepare}). Unlike
 * storm-redis's, each checkpoint step is one MULTI/EXEC transaction, so a crash never leaves a
 * commit half applied. The data survives the Gale process; whether it survives a restart of Redis
 * is Redis's persistence setting (appendonly).
 *
 * <p>Not thread-safe: one task uses it, on its own thread.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class RedisKeyValueState<K, V> extends BinaryKeyValueState<K, V> {
    public static final int ITERATOR_CHUNK_SIZE = 100;
    private static final byte[] COMMIT_TXID = "commit".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PREPARE_TXID = "prepare".getBytes(StandardCharsets.UTF_8);
    private final JedisPool pool;
    private final String server;
    private final byte[] namespaceKey;
    private final byte[] prepareKey;
    private final byte[] txidKey;

    public RedisKeyValueState(String namespace, RedisPools.Key server, Serializer<K> keySerializer,
                              Serializer<V> valueSerializer) {
        super(namespace, keySerializer, valueSerializer);
        this.pool = RedisPools.pool(server);
        this.server = server.toString();
        this.namespaceKey = namespace.getBytes(StandardCharsets.UTF_8);
        this.prepareKey = (namespace + "$prepare").getBytes(StandardCharsets.UTF_8);
        this.txidKey = (namespace + "$txid").getBytes(StandardCharsets.UTF_8);
        load();
    }

    @Override
    protected byte[] readCommitted(byte[] key) {
        try (Jedis j = pool.getResource()) {
            return j.hget(namespaceKey, key);
        }
    }

    @Override
    protected Iterator<Map.Entry<byte[], byte[]>> scanCommitted() {
        return new Iterator<>() {
            private byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
            private boolean started;
            private Iterator<Map.Entry<byte[], byte[]>> chunk = List.<Map.Entry<byte[], byte[]>>of().iterator();

            @Override
            public boolean hasNext() {
                while (!chunk.hasNext() && (!started || !Arrays.equals(cursor, ScanParams.SCAN_POINTER_START_BINARY))) {
                    started = true;
                    try (Jedis j = pool.getResource()) {
                        ScanResult<Map.Entry<byte[], byte[]>> r = j.hscan(namespaceKey, cursor,
                                new ScanParams().count(ITERATOR_CHUNK_SIZE));
                        List<Map.Entry<byte[], byte[]>> entries = new ArrayList<>();
                        for (Map.Entry<byte[], byte[]> e : r.getResult()) {
                            entries.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey(), e.getValue()));
                        }
                        chunk = entries.iterator();
                        cursor = r.getCursorAsBytes();
                    }
                }
                return chunk.hasNext();
            }

            @Override
            public Map.Entry<byte[], byte[]> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return chunk.next();
            }
        };
    }

    @Override
    protected Long storedCommittedTxid() {
        return readTxid(COMMIT_TXID);
    }

    @Override
    protected Long storedPreparedTxid() {
        return readTxid(PREPARE_TXID);
    }

    private Long readTxid(byte[] field) {
        try (Jedis j = pool.getResource()) {
            byte[] v = j.hget(txidKey, field);
            return v == null ? null : Long.valueOf(new String(v, StandardCharsets.UTF_8));
        }
    }

    private static byte[] txid(long txid) {
        return Long.toString(txid).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected Map<byte[], byte[]> storedPrepared() {
        try (Jedis j = pool.getResource()) {
            return new LinkedHashMap<>(j.hgetAll(prepareKey));
        }
    }

    @Override
    protected void writePrepared(long txid, Map<byte[], byte[]> entries) {
        try (Jedis j = pool.getResource()) {
            Transaction t = j.multi();
            t.del(prepareKey);
            if (!entries.isEmpty()) {
                t.hset(prepareKey, entries);
            }
            t.hset(txidKey, PREPARE_TXID, txid(txid));
            t.exec();
        }
    }

    @Override
    protected void applyPrepared(long txid, Map<byte[], byte[]> entries) {
        try (Jedis j = pool.getResource()) {
            Transaction t = j.multi();
            addChanges(t, entries);
            t.hset(txidKey, COMMIT_TXID, txid(txid));
            t.hdel(txidKey, PREPARE_TXID);
            t.del(prepareKey);
            t.exec();
        }
    }

    @Override
    protected void discardPrepared() {
        try (Jedis j = pool.getResource()) {
            Transaction t = j.multi();
            t.del(prepareKey);
            t.hdel(txidKey, PREPARE_TXID);
            t.exec();
        }
    }

    @Override
    protected void writeCommitted(Map<byte[], byte[]> entries) {
        try (Jedis j = pool.getResource()) {
            Transaction t = j.multi();
            addChanges(t, entries);
            t.exec();
        }
    }

    private void addChanges(Transaction t, Map<byte[], byte[]> entries) {
        Map<byte[], byte[]> puts = new LinkedHashMap<>();
        List<byte[]> deletes = new ArrayList<>();
        for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
            if (DefaultStateEncoder.isTombstone(e.getValue())) {
                deletes.add(e.getKey());
            } else {
                puts.put(e.getKey(), e.getValue());
            }
        }
        if (!puts.isEmpty()) {
            t.hset(namespaceKey, puts);
        }
        if (!deletes.isEmpty()) {
            t.hdel(namespaceKey, deletes.toArray(new byte[0][]));
        }
    }

    @Override
    protected String describe() {
        return "state '" + getNamespace() + "' in Redis " + server;
    }
}
