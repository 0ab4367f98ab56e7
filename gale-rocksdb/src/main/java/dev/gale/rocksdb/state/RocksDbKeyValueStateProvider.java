package dev.gale.rocksdb.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gale.Config;
import dev.gale.rocksdb.internal.RocksDbStore;
import dev.gale.state.DefaultStateSerializer;
import dev.gale.state.Serializer;
import dev.gale.state.State;
import dev.gale.state.StateProvider;
import dev.gale.task.TopologyContext;
import dev.gale.utils.ClassResolver;
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
        Map<String, Object> config = config(topoConf);
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
                serializer(topoConf, context, config, "keySerializerClass"),
                serializer(topoConf, context, config, "valueSerializerClass"));
    }

    /** The provider config: a JSON string, as Storm's providers take it, or a map. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> config(Map<String, Object> topoConf) {
        Object raw = topoConf.get(Config.TOPOLOGY_STATE_PROVIDER_CONFIG);
        Map<String, Object> config;
        if (raw == null) {
            config = Map.of();
        } else if (raw instanceof Map) {
            config = (Map<String, Object>) raw;
        } else {
            try {
                config = new ObjectMapper().readValue(raw.toString(), Map.class);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " is not a JSON object: "
                        + e.getOriginalMessage(), e);
            }
        }
        for (String k : config.keySet()) {
            if (!KEYS.contains(k)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": unknown key \"" + k
                        + "\" for " + RocksDbKeyValueStateProvider.class.getSimpleName() + "; known: " + KEYS);
            }
        }
        return config;
    }

    /**
     * The serializer {@code key} names in the provider config, else a {@link DefaultStateSerializer}
     * made with the topology configuration, whose rules for keys and allow-list of classes to
     * deserialize it reads ({@code gale.state.keys.java.serialization},
     * {@code gale.state.deserialization.allow}).
     */
    @SuppressWarnings("unchecked")
    static <T> Serializer<T> serializer(Map<String, Object> topoConf, TopologyContext context, Map<String, Object> config,
                                        String key) {
        Object name = config.get(key);
        Class<?> c;
        try {
            c = name == null ? DefaultStateSerializer.class : ClassResolver.find(name.toString());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": " + key + ": " + e.getMessage(), e);
        }
        if (c == DefaultStateSerializer.class) {
            // Named or not, the default serializer is made with the configuration, which its
            // no-argument constructor would not see.
            return new DefaultStateSerializer<>(topoConf, context);
        }
        try {
            if (!Serializer.class.isAssignableFrom(c)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": " + key + " " + name
                        + " does not implement " + Serializer.class.getName());
            }
            return (Serializer<T>) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": " + key + " " + name
                    + " cannot be created with a public no-argument constructor: " + e, e);
        }
    }
}
