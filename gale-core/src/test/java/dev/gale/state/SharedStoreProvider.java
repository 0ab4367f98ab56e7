package dev.gale.state;

import dev.gale.Config;
import dev.gale.task.TopologyContext;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider for tests whose "store" is a static map that outlives a topology: a killed topology
 * and a new one on the same store (named by {@code topology.state.provider.config}) behave as
 * tasks that crashed and restarted on a durable store. Values go through
 * {@link DefaultStateSerializer}, as in the real durable providers. Faults can be injected per
 * store: the next prepare or commit of a namespace starting with a prefix throws.
 */
public class SharedStoreProvider implements StateProvider {
    private static final Map<String, Store> STORES = new ConcurrentHashMap<>();
    private static final Map<String, Faults> FAULTS = new ConcurrentHashMap<>();

    /** Injected failures of one store. */
    public static final class Faults {
        public volatile String prefix = "";
        public final AtomicInteger failPrepares = new AtomicInteger();
        public final AtomicInteger failCommits = new AtomicInteger();
    }

    /** One namespace's durable data. Synchronized: a test thread reads it while tasks write. */
    static final class Store {
        final Map<ByteBuffer, byte[]> committed = new HashMap<>();
        Map<ByteBuffer, byte[]> prepared = new LinkedHashMap<>();
        Long committedTxid;
        Long preparedTxid;
    }

    public static Faults faults(String storeName) {
        return FAULTS.computeIfAbsent(storeName, n -> new Faults());
    }

    /** The committed value of {@code key} in a namespace of a store, read with the default serializer. */
    public static Object committed(String storeName, String namespace, Object key) {
        Store s = STORES.get(storeName + "/" + namespace);
        if (s == null) {
            return null;
        }
        synchronized (s) {
            byte[] v = s.committed.get(ByteBuffer.wrap(new DefaultStateSerializer<>().serialize(key)));
            return v == null ? null : new DefaultStateEncoder<>(new DefaultStateSerializer<>(), new DefaultStateSerializer<>())
                    .decodeValue(v);
        }
    }

    /** The namespaces of a store. */
    public static List<String> namespaces(String storeName) {
        List<String> out = new ArrayList<>();
        for (String k : STORES.keySet()) {
            if (k.startsWith(storeName + "/")) {
                out.add(k.substring(storeName.length() + 1));
            }
        }
        return out;
    }

    /** Loses a namespace's data, as a store that was wiped or is another one would. */
    public static void drop(String storeName, String namespace) {
        STORES.remove(storeName + "/" + namespace);
    }

    public static Long committedTxid(String storeName, String namespace) {
        Store s = STORES.get(storeName + "/" + namespace);
        if (s == null) {
            return null;
        }
        synchronized (s) {
            return s.committedTxid;
        }
    }

    @Override
    public State newState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        String storeName = String.valueOf(topoConf.get(Config.TOPOLOGY_STATE_PROVIDER_CONFIG));
        Store store = STORES.computeIfAbsent(storeName + "/" + namespace, n -> new Store());
        return new SharedState<>(namespace, store, faults(storeName));
    }

    /** A state over one {@link Store}. */
    static final class SharedState<K, V> extends BinaryKeyValueState<K, V> {
        private final Store store;
        private final Faults faults;

        SharedState(String namespace, Store store, Faults faults) {
            super(namespace, new DefaultStateSerializer<>(), new DefaultStateSerializer<>());
            this.store = store;
            this.faults = faults;
            load();
        }

        private boolean faulty(AtomicInteger counter) {
            return getNamespace().startsWith(faults.prefix) && counter.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
        }

        @Override
        protected byte[] readCommitted(byte[] key) {
            synchronized (store) {
                return store.committed.get(ByteBuffer.wrap(key));
            }
        }

        @Override
        protected Iterator<Map.Entry<byte[], byte[]>> scanCommitted() {
            List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
            synchronized (store) {
                store.committed.forEach((k, v) -> out.add(new AbstractMap.SimpleImmutableEntry<>(k.array(), v)));
            }
            return out.iterator();
        }

        @Override
        protected Long storedCommittedTxid() {
            synchronized (store) {
                return store.committedTxid;
            }
        }

        @Override
        protected Long storedPreparedTxid() {
            synchronized (store) {
                return store.preparedTxid;
            }
        }

        @Override
        protected Map<byte[], byte[]> storedPrepared() {
            Map<byte[], byte[]> out = new LinkedHashMap<>();
            synchronized (store) {
                store.prepared.forEach((k, v) -> out.put(k.array(), v));
            }
            return out;
        }

        @Override
        protected void writePrepared(long txid, Map<byte[], byte[]> entries) {
            if (faulty(faults.failPrepares)) {
                throw new IllegalStateException("injected failure preparing txid " + txid + " of " + getNamespace());
            }
            synchronized (store) {
                store.prepared = new LinkedHashMap<>();
                entries.forEach((k, v) -> store.prepared.put(ByteBuffer.wrap(k), v));
                store.preparedTxid = txid;
            }
        }

        @Override
        protected void applyPrepared(long txid, Map<byte[], byte[]> entries) {
            if (faulty(faults.failCommits)) {
                throw new IllegalStateException("injected failure committing txid " + txid + " of " + getNamespace());
            }
            synchronized (store) {
                apply(entries);
                store.committedTxid = txid;
                store.prepared = new LinkedHashMap<>();
                store.preparedTxid = null;
            }
        }

        @Override
        protected void discardPrepared() {
            synchronized (store) {
                store.prepared = new LinkedHashMap<>();
                store.preparedTxid = null;
            }
        }

        @Override
        protected void writeCommitted(Map<byte[], byte[]> entries) {
            synchronized (store) {
                apply(entries);
            }
        }

        private void apply(Map<byte[], byte[]> entries) {
            entries.forEach((k, v) -> {
                if (DefaultStateEncoder.isTombstone(v)) {
                    store.committed.remove(ByteBuffer.wrap(k));
                } else {
                    store.committed.put(ByteBuffer.wrap(k), v);
                }
            });
        }
    }
}
