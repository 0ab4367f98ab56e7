package dev.gale.rocksdb.state;

import dev.gale.rocksdb.internal.RocksDbStore;
import dev.gale.state.BinaryKeyValueState;
import dev.gale.state.DefaultStateEncoder;
import dev.gale.state.Serializer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * A {@link dev.gale.state.KeyValueState} kept in a RocksDB database: the committed data, the
 * prepared transaction and the txids of one namespace are keys under its prefix, and every step
 * of a checkpoint (prepare, commit, rollback) is one atomic write, synced to disk unless
 * configured otherwise. After {@code kill -9} the next open finds the last commit, and a prepared
 * transaction the recovery may still commit. A failed step throws an {@link IllegalStateException}
 * naming this state and saying what happened; the checkpoint can be retried, on a reopened database
 * if the failure broke the handle (see {@link RocksDbStore}).
 *
 * <p>Not thread-safe: one task uses it, on its own thread.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class RocksDbKeyValueState<K, V> extends BinaryKeyValueState<K, V> {
    private static final byte COMMITTED = 'c';
    private static final byte PREPARED = 'p';
    private static final byte META = 'm';
    private static final byte[] COMMITTED_TXID = "committed".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PREPARED_TXID = "prepared".getBytes(StandardCharsets.UTF_8);
    private static final int SCAN_CHUNK = 1000;

    private final RocksDbStore store;
    private final boolean sync;
    private final byte[] committedPrefix;
    private final byte[] preparedPrefix;
    private final byte[] metaPrefix;

    public RocksDbKeyValueState(String namespace, RocksDbStore store, boolean sync, Serializer<K> keySerializer,
                                Serializer<V> valueSerializer) {
        super(namespace, keySerializer, valueSerializer);
        this.store = store;
        this.sync = sync;
        byte[] ns = namespace.getBytes(StandardCharsets.UTF_8);
        this.committedPrefix = prefix(ns, COMMITTED);
        this.preparedPrefix = prefix(ns, PREPARED);
        this.metaPrefix = prefix(ns, META);
        load();
    }

    /** [length of the namespace][namespace][kind]: no namespace's keys are a prefix of another's. */
    private static byte[] prefix(byte[] ns, byte kind) {
        return ByteBuffer.allocate(4 + ns.length + 1).putInt(ns.length).put(ns).put(kind).array();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The smallest key greater than every key starting with {@code prefix}. */
    private static byte[] end(byte[] prefix) {
        byte[] out = prefix.clone();
        out[out.length - 1]++; // the kind byte: never 0xff
        return out;
    }

    @Override
    protected byte[] readCommitted(byte[] key) {
        return store.get(concat(committedPrefix, key));
    }

    @Override
    protected Iterator<Map.Entry<byte[], byte[]>> scanCommitted() {
        return new Iterator<>() {
            private byte[] from = committedPrefix;
            private boolean inclusive = true;
            private Iterator<Map.Entry<byte[], byte[]>> chunk = List.<Map.Entry<byte[], byte[]>>of().iterator();
            private boolean done;

            @Override
            public boolean hasNext() {
                if (!chunk.hasNext() && !done) {
                    List<Map.Entry<byte[], byte[]>> next = read(committedPrefix, from, inclusive, SCAN_CHUNK);
                    done = next.size() < SCAN_CHUNK;
                    if (!next.isEmpty()) {
                        from = concat(committedPrefix, next.get(next.size() - 1).getKey());
                        inclusive = false;
                    }
                    chunk = next.iterator();
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

    /** Up to {@code max} entries under {@code prefix} from {@code from}, keys without the prefix. */
    private List<Map.Entry<byte[], byte[]>> read(byte[] prefix, byte[] from, boolean inclusive, int max) {
        try {
            return store.scan(prefix, from, inclusive, max);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(describe() + ": " + e.getMessage(), e);
        }
    }

    @Override
    protected Long storedCommittedTxid() {
        return readLong(COMMITTED_TXID);
    }

    @Override
    protected Long storedPreparedTxid() {
        return readLong(PREPARED_TXID);
    }

    private Long readLong(byte[] name) {
        byte[] v = store.get(concat(metaPrefix, name));
        return v == null ? null : ByteBuffer.wrap(v).getLong();
    }

    private static byte[] longBytes(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    @Override
    protected Map<byte[], byte[]> storedPrepared() {
        Map<byte[], byte[]> out = new LinkedHashMap<>();
        for (Map.Entry<byte[], byte[]> e : read(preparedPrefix, preparedPrefix, true, Integer.MAX_VALUE)) {
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    @Override
    protected void writePrepared(long txid, Map<byte[], byte[]> entries) {
        write("preparing txid " + txid, batch -> {
            batch.deleteRange(preparedPrefix, end(preparedPrefix));
            for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
                batch.put(concat(preparedPrefix, e.getKey()), e.getValue());
            }
            batch.put(concat(metaPrefix, PREPARED_TXID), longBytes(txid));
        });
    }

    @Override
    protected void applyPrepared(long txid, Map<byte[], byte[]> entries) {
        write("committing txid " + txid, batch -> {
            addChanges(batch, entries);
            batch.deleteRange(preparedPrefix, end(preparedPrefix));
            batch.delete(concat(metaPrefix, PREPARED_TXID));
            batch.put(concat(metaPrefix, COMMITTED_TXID), longBytes(txid));
        });
    }

    @Override
    protected void discardPrepared() {
        write("rollback", batch -> {
            batch.deleteRange(preparedPrefix, end(preparedPrefix));
            batch.delete(concat(metaPrefix, PREPARED_TXID));
        });
    }

    @Override
    protected void writeCommitted(Map<byte[], byte[]> entries) {
        write("commit", batch -> addChanges(batch, entries));
    }

    /** Fills a batch. */
    @FunctionalInterface
    private interface Batch {
        void fill(WriteBatch batch) throws RocksDBException;
    }

    /** One atomic write; a failure names this state (so the bolt and task) and the step. */
    private void write(String step, Batch changes) {
        try (WriteBatch batch = new WriteBatch()) {
            changes.fill(batch);
            store.write(batch, sync);
        } catch (RocksDBException | IllegalStateException e) {
            throw new IllegalStateException(describe() + ": " + step + " failed: " + e.getMessage(), e);
        }
    }

    private void addChanges(WriteBatch batch, Map<byte[], byte[]> entries) throws RocksDBException {
        for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
            byte[] k = concat(committedPrefix, e.getKey());
            if (DefaultStateEncoder.isTombstone(e.getValue())) {
                batch.delete(k);
            } else {
                batch.put(k, e.getValue());
            }
        }
    }

    @Override
    protected String describe() {
        return "state '" + getNamespace() + "' in RocksDB " + store.directory();
    }
}
