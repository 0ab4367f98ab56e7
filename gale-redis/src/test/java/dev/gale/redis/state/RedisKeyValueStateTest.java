package dev.gale.redis.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.state.KeyValueState;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The Redis state's two-phase commit against a real redis-server; a "restart" is a new state
 * object on the same namespace, which must find what Redis kept.
 */
class RedisKeyValueStateTest {
    private static RedisServer redis;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(RedisServer.available(), "redis-server is not installed");
        redis = RedisServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (redis != null) {
            redis.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static KeyValueState<String, Object> open(String namespace) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, redis.providerConfig());
        return (KeyValueState<String, Object>) new RedisKeyValueStateProvider().newState(namespace, conf, null);
    }

    @Test
    void aCommitSurvivesARestartAndWhatCameAfterItDoesNot() {
        KeyValueState<String, Object> s = open("count-1");
        s.put("a", 1L);
        s.put("b", "two");
        s.prepareCommit(0);
        s.commit(0);
        s.put("a", 2L);
        s.delete("b");
        s.prepareCommit(1);
        s.put("c", 3L);

        KeyValueState<String, Object> restarted = open("count-1");
        assertThat(restarted.get("a")).isEqualTo(2L);
        restarted.rollback();
        assertThat(restarted.get("a")).isEqualTo(1L);
        assertThat(restarted.get("b")).isEqualTo("two");
        assertThat(restarted.get("c")).isNull();
        try (Jedis j = redis.client()) {
            assertThat(j.hget("count-1$txid", "commit")).isEqualTo("0");
            assertThat(j.exists("count-1$prepare")).isFalse();
        }
    }

    @Test
    void aTransactionPreparedBeforeACrashIsCommittedByTheRecovery() {
        KeyValueState<String, Object> s = open("count-2");
        s.put("a", 1L);
        s.prepareCommit(0);
        s.commit(0);
        s.put("a", 5L);
        s.prepareCommit(1);

        KeyValueState<String, Object> restarted = open("count-2");
        restarted.commit(1);
        restarted.commit(1);
        assertThat(open("count-2").get("a")).isEqualTo(5L);
    }

    @Test
    void iterationReadsEveryEntryInChunks() {
        KeyValueState<String, Object> s = open("many-1");
        for (int i = 0; i < 450; i++) {
            s.put("k" + i, (long) i);
        }
        s.prepareCommit(0);
        s.commit(0);
        s.put("k0", -1L);
        s.delete("k1");
        Map<String, Object> all = new HashMap<>();
        s.forEach(e -> all.put(e.getKey(), e.getValue()));
        assertThat(all).hasSize(449).containsEntry("k0", -1L).containsEntry("k449", 449L).doesNotContainKey("k1");
    }

    static final class Opaque {
    }

    @Test
    void aValueThatCannotBeSerializedNamesTheStateAndTheClass() {
        KeyValueState<String, Object> s = open("count-7");
        s.put("a", new Opaque());
        assertThatThrownBy(() -> s.prepareCommit(0))
                .hasMessageContaining("state 'count-7' in Redis")
                .hasMessageContaining(Opaque.class.getName());
    }

    @Test
    void stormsConfigIsReadAndRedisClusterIsRefusedClearly() {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"keyClass\": \"java.lang.String\", \"jedisPoolConfig\":"
                + " {\"host\": \"127.0.0.1\", \"port\": " + redis.port() + ", \"timeout\": 2000, \"database\": 1}}");
        @SuppressWarnings("unchecked")
        KeyValueState<String, Object> s = (KeyValueState<String, Object>) new RedisKeyValueStateProvider()
                .newState("db1-1", conf, null);
        s.put("a", 1L);
        s.prepareCommit(0);
        s.commit(0);
        try (Jedis j = redis.client()) {
            j.select(1);
            assertThat(j.exists("db1-1")).isTrue();
        }
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"jedisClusterConfig\": {\"nodes\": [\"localhost:7379\"]}}");
        assertThatThrownBy(() -> new RedisKeyValueStateProvider().newState("x", conf, null))
                .hasMessageContaining("jedisClusterConfig");
    }
}
