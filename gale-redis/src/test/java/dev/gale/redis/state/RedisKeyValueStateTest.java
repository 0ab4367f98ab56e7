package dev.gale.redis.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.redis.internal.RedisPools;
import dev.gale.state.DefaultStateSerializer;
import dev.gale.state.KeyValueState;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;

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

    @Test
    void aCommitOntoAKeyOfAnotherTypeFailsNamingItAndKeepsThePreparedTransaction() {
        KeyValueState<String, Object> s = open("typed-1");
        s.put("a", 1L);
        s.prepareCommit(0);
        try (Jedis other = redis.client()) {
            other.set("typed-1", "another application's string");
        }
        assertThatThrownBy(() -> s.commit(0))
                .hasMessageContaining("state 'typed-1' in Redis")
                .hasMessageContaining("'typed-1'")
                .hasMessageContaining("WRONGTYPE");
        try (Jedis j = redis.client()) {
            assertThat(j.get("typed-1")).isEqualTo("another application's string");
            assertThat(j.hget("typed-1$txid", "prepare")).isEqualTo("0");
            assertThat(j.hget("typed-1$txid", "commit")).isNull();
            assertThat(j.exists("typed-1$prepare")).isTrue();
            j.del("typed-1");
        }
        s.commit(0);
        assertThat(open("typed-1").get("a")).isEqualTo(1L);
    }

    @Test
    void aRestartAfterAFailedCommitCanStillCommitThePreparedTransaction() {
        KeyValueState<String, Object> s = open("typed-2");
        s.put("a", 1L);
        s.prepareCommit(0);
        try (Jedis other = redis.client()) {
            other.set("typed-2", "x");
        }
        assertThatThrownBy(() -> s.commit(0)).hasMessageContaining("WRONGTYPE");
        try (Jedis j = redis.client()) {
            j.del("typed-2");
        }
        KeyValueState<String, Object> restarted = open("typed-2");
        assertThat(restarted.get("a")).isEqualTo(1L);
        restarted.commit(0);
        try (Jedis j = redis.client()) {
            assertThat(j.hget("typed-2$txid", "commit")).isEqualTo("0");
            assertThat(j.exists("typed-2$prepare")).isFalse();
        }
        assertThat(open("typed-2").get("a")).isEqualTo(1L);
    }

    @Test
    void aPrepareOntoAKeyOfAnotherTypeFailsNamingItAndChangesNothing() {
        KeyValueState<String, Object> s = open("typed-3");
        s.put("a", 1L);
        try (Jedis other = redis.client()) {
            other.set("typed-3$txid", "x");
        }
        assertThatThrownBy(() -> s.prepareCommit(0))
                .hasMessageContaining("state 'typed-3' in Redis")
                .hasMessageContaining("'typed-3$txid'")
                .hasMessageContaining("WRONGTYPE");
        try (Jedis j = redis.client()) {
            assertThat(j.exists("typed-3$prepare")).isFalse();
            j.del("typed-3$txid");
        }
        s.prepareCommit(0);
        s.commit(0);
        assertThat(open("typed-3").get("a")).isEqualTo(1L);
    }

    @Test
    void aWriteOutsideATransactionOntoAKeyOfAnotherTypeFails() {
        KeyValueState<String, Object> s = open("typed-4");
        s.put("a", 1L);
        try (Jedis other = redis.client()) {
            other.set("typed-4", "x");
        }
        assertThatThrownBy(s::commit).hasMessageContaining("'typed-4'").hasMessageContaining("WRONGTYPE");
        try (Jedis j = redis.client()) {
            assertThat(j.get("typed-4")).isEqualTo("x");
        }
    }

    /** A state whose next transaction sees another client write one of its keys just before MULTI. */
    private static final class RacedState extends RedisKeyValueState<String, Object> {
        private Runnable beforeMulti;

        RacedState(String namespace) {
            super(namespace, new RedisPools.Key("127.0.0.1", redis.port(), 5000, null, 0), new DefaultStateSerializer<>(),
                    new DefaultStateSerializer<>());
        }

        @Override
        Jedis connection() {
            Runnable race = beforeMulti;
            if (race == null) {
                return super.connection();
            }
            beforeMulti = null;
            return new Jedis("127.0.0.1", redis.port()) {
                @Override
                public Transaction multi() {
                    race.run();
                    return super.multi();
                }
            };
        }
    }

    @Test
    void aTransactionDiscardedBecauseAnotherClientWroteAWatchedKeyFailsAndChangesNothing() {
        RacedState s = new RacedState("raced-1");
        s.put("a", 1L);
        s.prepareCommit(0);
        s.commit(0);
        s.put("a", 2L);
        s.prepareCommit(1);
        // The same value again: Redis counts any write to a watched key, not only a change.
        s.beforeMulti = () -> {
            try (Jedis other = redis.client()) {
                other.hset("raced-1$txid", "prepare", "1");
            }
        };
        assertThatThrownBy(() -> s.commit(1))
                .hasMessageContaining("state 'raced-1' in Redis")
                .hasMessageContaining("committing txid 1 failed, nothing was written")
                .hasMessageContaining("WATCH");
        try (Jedis j = redis.client()) {
            assertThat(j.hget("raced-1$txid", "commit")).isEqualTo("0");
            assertThat(j.hget("raced-1$txid", "prepare")).isEqualTo("1");
            assertThat(j.exists("raced-1$prepare")).isTrue();
        }
        s.commit(1);
        assertThat(open("raced-1").get("a")).isEqualTo(2L);
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
