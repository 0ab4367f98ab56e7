package dev.gale.storm.bridge.connectors.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.KillRestart;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.apache.storm.redis.bolt.RedisStoreBolt;
import org.apache.storm.redis.common.config.JedisPoolConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * kill -9 of a Gale process running storm-redis's {@code RedisStoreBolt}, then a restart against the
 * same redis-server: every id the spout saw acked, before the kill or after, is in Redis.
 */
class RedisStoreKillTest {
    private static final int TOTAL = 3_000;
    private static final String HASH = "killed";

    @TempDir
    Path ledger;

    @Test
    void everyAckedIdIsInRedisAcrossAKill() throws Exception {
        assumeTrue(RedisProcess.available(), "redis-server is not installed");
        try (RedisProcess redis = RedisProcess.start()) {
            Set<Long> acked = KillRestart.run(Child.class, ledger, TOTAL, Integer.toString(redis.port()));

            assertThat(acked).hasSize(TOTAL);
            try (Jedis jedis = redis.client()) {
                Map<String, String> stored = jedis.hgetAll(HASH);
                Set<Long> missing = acked.stream().filter(id -> !("value-" + id).equals(stored.get(id.toString())))
                        .collect(Collectors.toCollection(TreeSet::new));
                assertThat(missing).as("acked ids not in Redis").isEmpty();
            }
        }
    }

    /** The child JVM: LedgerSpout into storm-redis's store bolt, run until it is killed. Args: dir total port. */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            int total = Integer.parseInt(args[1]);
            JedisPoolConfig pool = new JedisPoolConfig.Builder().setHost("127.0.0.1").setPort(Integer.parseInt(args[2]))
                    .setTimeout(5_000).build();
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("ledger", new LedgerSpout(dir, total));
            builder.setBolt("store", StormBolts.of(new RedisStoreBolt(pool, LedgerStoreMapper.hash(HASH))), 2)
                    .shuffleGrouping("ledger");
            LocalCluster cluster = new LocalCluster();
            cluster.submitTopology("redis-kill", new Config(), builder.createTopology());
            new CountDownLatch(1).await();
        }
    }
}
