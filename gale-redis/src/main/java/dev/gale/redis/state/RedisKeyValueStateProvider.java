package dev.gale.redis.state;

import dev.gale.Config;
import dev.gale.redis.internal.RedisPools;
import dev.gale.state.DefaultStateSerializer;
import dev.gale.state.State;
import dev.gale.state.StateProvider;
import dev.gale.state.StateProviderConfig;
import dev.gale.task.TopologyContext;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

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
 * {@link DefaultStateSerializer}.
 *
 * <p>Gale additions to {@code jedisPoolConfig}, for a Redis that only its own clients may write to
 * (a value written there is deserialized in this JVM): {@code "user"}, an ACL user, logged in with
 * {@code "password"} (AUTH user password; without it the password is the default user's), and
 * {@code "ssl": true} (default false) for TLS, with {@code "trustStore"} (a file of the CA
 * certificates to trust; default the JVM's trust), {@code "trustStorePassword"},
 * {@code "trustStoreType"} (default PKCS12), for mutual TLS {@code "keyStore"} (the client's key
 * and certificate), {@code "keyStorePassword"} (default empty), {@code "keyStoreType"} (default
 * PKCS12), and {@code "hostnameVerification"} (default true: the server's certificate must name
 * {@code "host"}). A TLS setting without {@code "ssl": true} is refused. A refused login, a failed
 * handshake or connection fails the state's creation, naming the server, whether TLS was on and
 * the user; no message shows a password. Thread-safe.
 */
public class RedisKeyValueStateProvider implements StateProvider {
    private static final Set<String> KEYS = Set.of("keyClass", "valueClass", "keySerializerClass", "valueSerializerClass",
            "jedisPoolConfig", "jedisClusterConfig");
    /** The settings of TLS, which only a config with {@code "ssl": true} may have. */
    private static final List<String> TLS_KEYS = List.of("trustStore", "trustStorePassword", "trustStoreType", "keyStore",
            "keyStorePassword", "keyStoreType", "hostnameVerification");
    private static final List<String> POOL_KEYS = Stream.concat(Stream.of("host", "port", "timeout", "database", "user",
            "password", "ssl"), TLS_KEYS.stream()).toList();

    @Override
    public State newState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        Map<String, Object> config = StateProviderConfig.read(topoConf, KEYS, RedisKeyValueStateProvider.class);
        if (config.get("jedisClusterConfig") != null) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"jedisClusterConfig\" (Redis"
                    + " Cluster) is not supported by Gale's " + getClass().getSimpleName() + "; use \"jedisPoolConfig\"");
        }
        return new RedisKeyValueState<>(namespace, server(config),
                StateProviderConfig.serializer(topoConf, context, config, "keySerializerClass"),
                StateProviderConfig.serializer(topoConf, context, config, "valueSerializerClass"));
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
        String user = string(pool, "user");
        String password = string(pool, "password");
        if (user != null && password == null) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"user\" in \"jedisPoolConfig\""
                    + " needs \"password\": Redis logs an ACL user in with AUTH user password");
        }
        RedisPools.Tls tls = null;
        if (booleanValue(pool, "ssl", false)) {
            tls = new RedisPools.Tls(string(pool, "trustStore"), string(pool, "trustStorePassword"),
                    string(pool, "trustStoreType"), string(pool, "keyStore"), string(pool, "keyStorePassword"),
                    string(pool, "keyStoreType"), booleanValue(pool, "hostnameVerification", true));
            requires(pool, "trustStorePassword", "trustStore");
            requires(pool, "trustStoreType", "trustStore");
            requires(pool, "keyStorePassword", "keyStore");
            requires(pool, "keyStoreType", "keyStore");
        } else {
            for (String k : TLS_KEYS) {
                if (pool.get(k) != null) {
                    // A TLS setting without TLS would leave the connection in clear text while its author
                    // believes it is protected.
                    throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"" + k
                            + "\" in \"jedisPoolConfig\" is a TLS setting, but \"ssl\" is not true");
                }
            }
        }
        return new RedisPools.Key(String.valueOf(pool.getOrDefault("host", "localhost")), intValue(pool, "port", 6379),
                intValue(pool, "timeout", 2000), user, password, intValue(pool, "database", 0), tls);
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

    private static void requires(Map<String, Object> pool, String key, String needed) {
        if (pool.get(key) != null && pool.get(needed) == null) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"" + key + "\" in"
                    + " \"jedisPoolConfig\" needs \"" + needed + "\"");
        }
    }

    private static String string(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? null : v.toString();
    }

    private static boolean booleanValue(Map<String, Object> m, String key, boolean dflt) {
        Object v = m.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if ("true".equalsIgnoreCase(v.toString()) || "false".equalsIgnoreCase(v.toString())) {
            return Boolean.parseBoolean(v.toString());
        }
        throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": \"" + key + "\" in"
                + " \"jedisPoolConfig\" must be true or false, got " + v);
    }

}
