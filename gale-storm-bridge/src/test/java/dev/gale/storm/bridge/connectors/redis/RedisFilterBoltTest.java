package dev.gale.storm.bridge.connectors.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.connectors.RecordingBolt;
import dev.gale.storm.bridge.kill.Ledger;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.storm.redis.bolt.RedisFilterBolt;
import org.apache.storm.redis.common.mapper.RedisDataTypeDescription;
import org.apache.storm.redis.common.mapper.RedisDataTypeDescription.RedisDataType;
import org.apache.storm.redis.common.mapper.RedisFilterMapper;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.ITuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * storm-redis's {@code RedisFilterBolt}, unchanged, as a Gale bolt: only the tuples whose key
 * exists (STRING) or is a member (SET) go on, unchanged; every tuple is acked, passed or not.
 */
class RedisFilterBoltTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int TOTAL = 60;
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
    void onlyTheMembersOfTheSetPass() {
        try (Jedis jedis = redis.client()) {
            LongStream.range(0, TOTAL).filter(id -> id % 3 == 0).forEach(id -> jedis.sadd("allowed", Long.toString(id)));
        }
        List<List<Object>> passed = filter("filter-set", new IdFilter(RedisDataType.SET, "allowed", ""));

        assertThat(passed).containsExactlyInAnyOrderElementsOf(expected(3));
    }

    @Test
    void onlyTheTuplesWhoseKeyExistsPass() {
        try (Jedis jedis = redis.client()) {
            LongStream.range(0, TOTAL).filter(id -> id % 5 == 0).forEach(id -> jedis.set("present:" + id, "anything"));
        }
        List<List<Object>> passed = filter("filter-string", new IdFilter(RedisDataType.STRING, null, "present:"));

        assertThat(passed).containsExactlyInAnyOrderElementsOf(expected(5));
    }

    private List<List<Object>> filter(String name, IdFilter filter) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(ledger, TOTAL));
        builder.setBolt("filter", StormBolts.of(new RedisFilterBolt(redis.poolConfig(), filter)), 2).shuffleGrouping("ledger");
        builder.setBolt("sink", RecordingBolt.named(name), 1).shuffleGrouping("filter");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(name, new Config(), builder.createTopology());
            // Filtered-out tuples are acked too: every id completes.
            await().atMost(DEADLINE).until(() -> Ledger.acked(ledger).size() == TOTAL);
        }
        assertThat(Ledger.failures(ledger)).isEmpty();
        return RecordingBolt.recorded(name);
    }

    /** The LedgerSpout tuples (id, value) of the ids that are multiples of {@code every}. */
    private static List<List<Object>> expected(int every) {
        return LongStream.range(0, TOTAL).filter(id -> id % every == 0)
                .mapToObj(id -> List.<Object>of(id, "value-" + id)).collect(Collectors.toList());
    }

    /** Filters LedgerSpout tuples by their id: the key {@code keyPrefix + id}, or the member id of a set. Immutable. */
    private static final class IdFilter implements RedisFilterMapper {
        private static final long serialVersionUID = 1L;
        private final RedisDataType dataType;
        private final String additionalKey;
        private final String keyPrefix;

        IdFilter(RedisDataType dataType, String additionalKey, String keyPrefix) {
            this.dataType = dataType;
            this.additionalKey = additionalKey;
            this.keyPrefix = keyPrefix;
        }

        @Override
        public RedisDataTypeDescription getDataTypeDescription() {
            return new RedisDataTypeDescription(dataType, additionalKey);
        }

        @Override
        public String getKeyFromTuple(ITuple tuple) {
            return keyPrefix + tuple.getLongByField("id");
        }

        @Override
        public String getValueFromTuple(ITuple tuple) {
            return null;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "value"));
        }
    }
}
