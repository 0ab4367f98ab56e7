package dev.gale.storm.bridge.connectors.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.Ledger;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.storm.redis.bolt.RedisStoreBolt;
import org.apache.storm.redis.common.config.JedisPoolConfig;
import org.apache.storm.redis.common.mapper.RedisDataTypeDescription.RedisDataType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * storm-redis's {@code RedisStoreBolt}, unchanged, as a Gale bolt writing to a real redis-server:
 * every tuple it acks is in Redis, and a write Redis refuses (a wrong type, a stopped server)
 * fails just that tuple, with Redis's error as the failure the spout is told.
 */
class RedisStoreBoltTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static RedisProcess redis;

    @TempDir
    Path ledger;

    @BeforeAll
    static void startRedis() throws Exception {
        assumeTrue(RedisProcess.available(), "redis-server is not installed");
        redis = RedisProcess.start();
    }

    @AfterAll
    static void stopRedis() {
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    void everyAckedTupleIsAFieldOfTheHash() {
        int total = 500;
        run("store-hash", topology(redis.poolConfig(), LedgerStoreMapper.hash("store-hash"), total),
                () -> Ledger.acked(ledger).size() == total);

        assertThat(Ledger.acked(ledger)).isEqualTo(ids(total));
        assertThat(Ledger.failures(ledger)).isEmpty();
        try (Jedis jedis = redis.client()) {
            Map<String, String> hash = jedis.hgetAll("store-hash");
            assertThat(hash).hasSize(total);
            ids(total).forEach(id -> assertThat(hash).containsEntry(Long.toString(id), "value-" + id));
        }
    }

    @Test
    void everyAckedTupleIsAStringKeyOfItsOwn() {
        int total = 200;
        run("store-string", topology(redis.poolConfig(), LedgerStoreMapper.keys(RedisDataType.STRING, "string:"), total),
                () -> Ledger.acked(ledger).size() == total);

        assertThat(Ledger.acked(ledger)).isEqualTo(ids(total));
        try (Jedis jedis = redis.client()) {
            for (long id : ids(total)) {
                assertThat(jedis.get("string:" + id)).isEqualTo("value-" + id);
            }
        }
    }

    @Test
    void aWrongTypeFailsOnlyItsTuplesWithRedissErrorAsTheReason() {
        int total = 100;
        try (Jedis jedis = redis.client()) {
            jedis.set("occupied", "a string, not a set");
        }
        // Every tenth id goes to SADD on that string key: Redis answers WRONGTYPE, storm-redis reports and fails.
        Set<Long> good = ids(total).stream().filter(id -> id % 10 != 0).collect(Collectors.toSet());
        run("store-wrongtype", topology(redis.poolConfig(),
                LedgerStoreMapper.keys(RedisDataType.SET, "member:").divertingEvery(10, "occupied"), total),
                () -> Ledger.acked(ledger).size() == good.size() && Ledger.failures(ledger).size() >= total / 10);

        assertThat(Ledger.acked(ledger)).isEqualTo(good);
        assertThat(Ledger.failures(ledger)).allSatisfy(failure -> assertThat(failure)
                .contains("FAILED", "store", "JedisDataException", "WRONGTYPE"));
        try (Jedis jedis = redis.client()) {
            for (long id : good) {
                assertThat(jedis.smembers("member:" + id)).containsExactly("value-" + id);
            }
            assertThat(jedis.get("occupied")).isEqualTo("a string, not a set");
        }
    }

    @Test
    void aStoppedServerFailsTheTuplesWithTheConnectionError() throws Exception {
        try (RedisProcess doomed = RedisProcess.start()) {
            TopologyBuilder builder = topology(doomed.poolConfig(), LedgerStoreMapper.hash("doomed"), 1_000_000);
            Config conf = new Config();
            conf.setMaxSpoutPending(50);
            try (LocalCluster cluster = new LocalCluster()) {
                cluster.submitTopology("store-stopped", conf, builder.createTopology());
                await().atMost(DEADLINE).until(() -> Ledger.acked(ledger).size() >= 100);
                doomed.close();
                await().atMost(DEADLINE).until(() -> Ledger.failures(ledger).size() >= 10);
            }
        }
        assertThat(Ledger.failures(ledger)).allSatisfy(failure -> assertThat(failure)
                .contains("FAILED", "store", "JedisConnectionException"));
    }

    private static void run(String name, TopologyBuilder builder, Callable<Boolean> done) {
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(name, new Config(), builder.createTopology());
            await().atMost(DEADLINE).until(done);
        }
    }

    private TopologyBuilder topology(JedisPoolConfig pool, LedgerStoreMapper mapper, int total) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(ledger, total));
        builder.setBolt("store", StormBolts.of(new RedisStoreBolt(pool, mapper)), 2).shuffleGrouping("ledger");
        return builder;
    }

    private static Set<Long> ids(int total) {
        return LongStream.range(0, total).boxed().collect(Collectors.toSet());
    }
}
