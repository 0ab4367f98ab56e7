package dev.gale.rocksdb.state;

import dev.gale.Config;
import dev.gale.rocksdb.internal.RocksDbStore;
import dev.gale.state.State;
import dev.gale.state.StateProvider;
import dev.gale.state.StateProviderConfig;
import dev.gale.task.TopologyContext;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Provides {@link RocksDbKeyValueState}s: durable state in a directory, with nothing to start.
 * Set {@code topology.state.provider} to this class and {@code topology.state.provider.config} to
 * a JSON object (or a {@code Map}):
 * <pre>
 * {
 *   "path": "/var/lib/my-topology/state",      required: the directory (created if missing)
 *   "sync": true,                               fsync each checkpoint step (default true)
 *   "keySerializerClass": "com.example.KeySer", optional: a dev.gale.state.Serializer
 *   "valueSerializerClass": "..."               optional; default DefaultStateSerializer
 * }
 * </pre>
 * Every state of the topology (each task's, and the checkpoint spout's) is a namespace of the one
 * database in {@code path}, which this JVM opens once and keeps open, reopening it after an I/O
 * error or corruption broke the handle. Only one process may use a directory at a time; an open that
 * fails says why (locked, not writable, corrupt, disk full). Thread-safe.
 */
public class RocksDbKeyValueStateProvider implements StateProvider {
    private static final Set<String> KEYS = Set.of("path", "sync", "keySerializerClass", "valueSerializerClass",
            "keyClass", "valueClass");

    @Override
    public State newState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        Map<String, Object> config = StateProviderConfig.read(topoConf, KEYS, RocksDbKeyValueStateProvider.class);
        Object path = config.get("path");
        if (!(path instanceof String) || ((String) path).isBlank()) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " must give \"path\", the directory"
                    + " where " + getClass().getSimpleName() + " keeps the state; got " + config);
        }
        Object sync = config.getOrDefault("sync", Boolean.TRUE);
        if (!(sync instanceof Boolean)) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"sync\" must be true or false,"
                    + " got " + sync);
        }
        RocksDbStore store = RocksDbStore.open(Path.of((String) path));
        return new RocksDbKeyValueState<>(namespace, store, (Boolean) sync,
                StateProviderConfig.serializer(topoConf, context, config, "keySerializerClass"),
                StateProviderConfig.serializer(topoConf, context, config, "valueSerializerClass"));
    }

}
