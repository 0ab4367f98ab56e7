package dev.gale.redis.internal;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;

/**
 * One Jedis connection pool per Redis server and settings per JVM, shared by every state that
 * uses it, and kept for the JVM's life. Thread-safe.
 */
public final class RedisPools {
    private static final Map<Key, JedisPool> POOLS = new ConcurrentHashMap<>();

    /** A server and the settings of its connections. */
    public record Key(String host, int port, int timeoutMs, String password, int database) {
        public Key {
            Objects.requireNonNull(host, "host");
        }

        @Override
        public String toString() {
            return host + ":" + port + "/" + database;
        }
    }

    private RedisPools() {
    }

    public static JedisPool pool(Key key) {
        return POOLS.computeIfAbsent(key, k -> {
            JedisPoolConfig config = new JedisPoolConfig();
            config.setMaxTotal(64);
            return new JedisPool(config, k.host(), k.port(), k.timeoutMs(), k.password(), k.database());
        });
    }
}
