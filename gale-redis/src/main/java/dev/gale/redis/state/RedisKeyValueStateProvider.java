package dev.gale.redis.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gale.Config;
import dev.gale.redis.internal.RedisPools;
import dev.gale.state.DefaultStateSerializer;
import dev.gale.state.Serializer;
import dev.gale.state.State;
import dev.gale.state.StateProvider;
import dev.gale.task.TopologyContext;
import java.util.Map;
import java.util.Set;

/**
 * Provides {@link RedisKeyValueState}s, configured as storm-redis's provider of this name is:
 * {@code topology.state.provider.config} is a JSON object (or a {@code Map}) such as
 * <pre>
 * {
 *   "keyClass": "...", "valueClass": "...",              optional, accepted (classes need no registration)
 *   "keySerializerClass": "...", "valueSerializerClass": "...",   optional dev.gale.state.Serializers
 *   "jedisPoolConfig": {"host": "localhost", "port": 6379, "timeout": 2000, "database": 0, "password": "xyz"}
 * }
 * </pre>
 * Without a config, Redis on localhost:6379, database 0. Storm's {@code jedisClusterConfig} (Redis
 * Cluster) is refused with a clear error: Gale does not support it yet. The default serializer is
 * {@link DefaultStateSerializer}. Thread-safe.
 */
public class RedisKeyValueStateProvider implements StateProvider {
    private static final Set<String> KEYS = Set.of("keyClass", "valueClass", "keySerializerClass", "valueSerializerClass",
            "jedisPoolConfig", "jedisClusterConfig");
    private static final Set<String> POOL_KEYS = Set.of("host", "port", "timeout", "database", "password");

    @Override
    public State newState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        Map<String, Object> config = config(topoConf);
        if (config.get("jedisClusterConfig") != null) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"jedisClusterConfig\" (Redis"
                    + " Cluster) is not supported by Gale's " + getClass().getSimpleName() + "; use \"jedisPoolConfig\"");
        }
        return new RedisKeyValueState<>(namespace, server(config), serializer(config, "keySerializerClass"),
                serializer(config, "valueSerializerClass"));
    }

    @SuppressWarnings("unchecked")
    static RedisPools.Key server(Map<String, Object> config) {
        Object raw = config.get("jedisPoolConfig");
        Map<String, Object> pool = raw == null ? Map.of() : (Map<String, Object>) raw;
        for (String k : pool.keySet()) {
            if (!POOL_KEYS.contains(k)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": unknown key \"" + k
                        + "\" in \"jedisPoolConfig\"; known: " + POOL_KEYS);
            }
        }
        Object password = pool.get("password");
        return new RedisPools.Key(String.valueOf(pool.getOrDefault("host", "localhost")), intValue(pool, "port", 6379),
                intValue(pool, "timeout", 2000), password == null ? null : password.toString(),
                intValue(pool, "database", 0));
    }

    private static int intValue(Map<String, Object> m, String key, int dflt) {
        Object v = m.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number) {
            return ((Number) v).intValue();
        }
        try {
            return Integer.parseInt(v.toString());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"" + key + "\" in"
                    + " \"jedisPoolConfig\" must be a number, got " + v, e);
        }
    }

    /** The provider config: a JSON string, as storm-redis takes it, or a map. */
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
                        + "\" for " + RedisKeyValueStateProvider.class.getSimpleName() + "; known: " + KEYS);
            }
        }
        return config;
    }

    @SuppressWarnings("unchecked")
    static <T> Serializer<T> serializer(Map<String, Object> config, String key) {
        Object name = config.get(key);
        if (name == null) {
            return new DefaultStateSerializer<>();
        }
        try {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            Class<?> c = Class.forName(name.toString(), true,
                    loader != null ? loader : RedisKeyValueStateProvider.class.getClassLoader());
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
