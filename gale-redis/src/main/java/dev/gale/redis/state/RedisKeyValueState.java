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
import java.util.function.Consumer;
import java.util.function.Function;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * A {@link dev.gale.state.KeyValueState} kept in Redis, in storm-redis's layout: the committed
 * data in the hash {@code <namespace>}, the prepared transaction in {@code <namespace>$prepare},
 * and the txids in {@code <namespace>$txid} (fields {@code commit} and {@code prepare}). Unlike
 * storm-redis's, each checkpoint step is one MULTI/EXEC transaction, so a crash never leaves a
 * commit half applied. Redis does not roll a transaction back when one of its commands fails, so each
 * step first checks, under WATCH, that every key it writes is a hash or missing; a key another
 * application made a string, list or the like fails the step with Redis's error and the key's name,
 * before anything is written, and a retry once the key is gone succeeds. The data survives the Gale
 * process; whether it survives a restart of Redis is Redis's persistence setting (appendonly).
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
    private final RedisPools.Key server;
    private final byte[] namespaceKey;
    private final byte[] prepareKey;
    private final byte[] txidKey;

    public RedisKeyValueState(String namespace, RedisPools.Key server, Serializer<K> keySerializer,
                              Serializer<V> valueSerializer) {
        super(namespace, keySerializer, valueSerializer);
        this.pool = RedisPools.pool(server);
        this.server = server;
        this.namespaceKey = namespace.getBytes(StandardCharsets.UTF_8);
        this.prepareKey = (namespace + "$prepare").getBytes(StandardCharsets.UTF_8);
        this.txidKey = (namespace + "$txid").getBytes(StandardCharsets.UTF_8);
        load();
    }

    @Override
    protected byte[] readCommitted(byte[] key) {
        return withConnection(describe(), j -> j.hget(namespaceKey, key));
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
                    ScanResult<Map.Entry<byte[], byte[]>> r = withConnection(describe(), j -> j.hscan(namespaceKey, cursor,
                            new ScanParams().count(ITERATOR_CHUNK_SIZE)));
                    List<Map.Entry<byte[], byte[]>> entries = new ArrayList<>();
                    for (Map.Entry<byte[], byte[]> e : r.getResult()) {
                        entries.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey(), e.getValue()));
                    }
                    chunk = entries.iterator();
                    cursor = r.getCursorAsBytes();
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
        byte[] v = withConnection(describe(), j -> j.hget(txidKey, field));
        return v == null ? null : Long.valueOf(new String(v, StandardCharsets.UTF_8));
    }

    private static byte[] txid(long txid) {
        return Long.toString(txid).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected Map<byte[], byte[]> storedPrepared() {
        return withConnection(describe(), j -> new LinkedHashMap<>(j.hgetAll(prepareKey)));
    }

    @Override
    protected void writePrepared(long txid, Map<byte[], byte[]> entries) {
        Writes w = new Writes();
        w.del(prepareKey);
        if (!entries.isEmpty()) {
            w.hset(prepareKey, entries);
        }
        w.hset(txidKey, PREPARE_TXID, txid(txid));
        run("preparing txid " + txid, w);
    }

    @Override
    protected void applyPrepared(long txid, Map<byte[], byte[]> entries) {
        Writes w = new Writes();
        // No order of these commands could keep a failed one from costing the prepared data: Redis runs
        // every queued command even after one failed, so the DEL of the prepared transaction would run
        // whatever came before it. What prevents that is run()'s check of the key types under WATCH,
        // before the MULTI, so that none of them can fail. Should one fail all the same, the exception
        // leaves the prepared transaction in this object, and a retry of commit(txid) writes it again.
        addChanges(w, entries);
        w.hset(txidKey, COMMIT_TXID, txid(txid));
        w.hdel(txidKey, PREPARE_TXID);
        w.del(prepareKey);
        run("committing txid " + txid, w);
    }

    @Override
    protected void discardPrepared() {
        Writes w = new Writes();
        w.del(prepareKey);
        w.hdel(txidKey, PREPARE_TXID);
        run("rollback", w);
    }

    @Override
    protected void writeCommitted(Map<byte[], byte[]> entries) {
        Writes w = new Writes();
        addChanges(w, entries);
        run("commit", w);
    }

    /**
     * A connection from the pool, which the caller closes; package-private so a test can race it.
     * The pool connects and logs in on demand, so a wrong password or an untrusted certificate
     * shows here first: as an exception that says which, instead of Jedis's "Could not get a
     * resource from the pool".
     */
    Jedis connection() {
        try {
            return pool.getResource();
        } catch (JedisException e) {
            throw RedisPools.failure(describe() + ": cannot connect", server, e, true);
        }
    }

    /**
     * Runs {@code command} on a connection of the pool, for {@code what} (the state and the step).
     * A refused login or command (NOAUTH, Redis's answer to the first command of a client that did
     * not log in where the default user is off; NOPERM) or a broken connection becomes an exception
     * that names the server, TLS and the user, as {@link #connection()}'s do.
     */
    private <T> T withConnection(String what, Function<Jedis, T> command) {
        try (Jedis j = connection()) {
            return command.apply(j);
        } catch (JedisAccessControlException | JedisConnectionException e) {
            throw RedisPools.failure(what, server, e, false);
        }
    }

    /**
     * Runs {@code w} as one MULTI/EXEC that applies all of it or none of it. Redis checks a command's
     * key type only when it runs it, and then runs the rest of the transaction anyway, so a key another
     * application made a string would leave the txid recorded and the prepared data deleted without
     * the data written. Hence every key is checked first, with the same type check Redis applies to
     * HSET (HLEN, a hash or a missing key passes), while WATCH makes Redis discard the transaction if
     * another client changes one of those keys between the check and the EXEC. DEL's keys are checked
     * too: they are ours by the layout, and deleting another application's key would be its data loss.
     */
    private void run(String step, Writes w) {
        if (w.commands.isEmpty()) {
            return;
        }
        String what = describe() + ": " + step;
        byte[][] keys = w.keys.values().toArray(new byte[0][]);
        withConnection(what, j -> {
            transaction(what, j, keys, w);
            return null;
        });
    }

    private static void transaction(String what, Jedis j, byte[][] keys, Writes w) {
        j.watch(keys);
        for (byte[] key : keys) {
            try {
                j.hlen(key);
            } catch (JedisDataException e) {
                // The pool does not reset a connection it takes back: a WATCH left on it would fail
                // the next transaction that borrows it.
                j.unwatch();
                if (e instanceof JedisAccessControlException) {
                    throw e;
                }
                throw new IllegalStateException(what + " failed, nothing was written: Redis key '" + name(key)
                        + "', which this state keeps as a hash: " + e.getMessage(), e);
            }
        }
        List<Object> results;
        try (Transaction t = j.multi()) {
            for (Consumer<Transaction> command : w.commands) {
                command.accept(t);
            }
            try {
                results = t.exec();
            } catch (JedisDataException e) {
                throw new IllegalStateException(what + " failed, Redis discarded the transaction: " + e.getMessage(), e);
            }
        }
        checkExec(what, results, w.names);
    }

    /**
     * Throws unless {@code results}, what {@link Transaction#exec()} returned for the commands named
     * by {@code commands}, says all of them ran. Jedis reports a discarded transaction as null and a
     * failed command as an exception in its slot of the list, without throwing, so unchecked results
     * would hide a transaction that did not happen or only partly did.
     */
    static void checkExec(String what, List<Object> results, List<String> commands) {
        if (results == null) {
            throw new IllegalStateException(what + " failed, nothing was written: another client changed a key of "
                    + commands + " between the check of its type and EXEC, so Redis discarded the transaction (WATCH)");
        }
        IllegalStateException failure = null;
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i) instanceof Exception e) {
                if (failure == null) {
                    failure = new IllegalStateException(what + " failed: command " + (i + 1) + " of " + results.size()
                            + " (" + (i < commands.size() ? commands.get(i) : "?") + "): " + e.getMessage()
                            + "; Redis ran the transaction's other commands", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static String name(byte[] key) {
        return new String(key, StandardCharsets.UTF_8);
    }

    private void addChanges(Writes w, Map<byte[], byte[]> entries) {
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
            w.hset(namespaceKey, puts);
        }
        if (!deletes.isEmpty()) {
            w.hdel(namespaceKey, deletes.toArray(new byte[0][]));
        }
    }

    @Override
    protected String describe() {
        return "state '" + getNamespace() + "' in Redis " + server;
    }

    /**
     * The commands of one step, gathered before its MULTI so that {@link #run} knows every key they
     * write in advance, and can name the command and key that failed.
     */
    private static final class Writes {
        private final Map<String, byte[]> keys = new LinkedHashMap<>();
        private final List<String> names = new ArrayList<>();
        private final List<Consumer<Transaction>> commands = new ArrayList<>();

        void del(byte[] key) {
            add("DEL", key, t -> t.del(key));
        }

        void hset(byte[] key, Map<byte[], byte[]> fields) {
            add("HSET", key, t -> t.hset(key, fields));
        }

        void hset(byte[] key, byte[] field, byte[] value) {
            add("HSET", key, t -> t.hset(key, field, value));
        }

        void hdel(byte[] key, byte[]... fields) {
            add("HDEL", key, t -> t.hdel(key, fields));
        }

        private void add(String command, byte[] key, Consumer<Transaction> queue) {
            keys.putIfAbsent(name(key), key);
            names.add(command + " '" + name(key) + "'");
            commands.add(queue);
        }
    }
}
