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
import org.apache.storm.redis.bolt.RedisLookupBolt;
import org.apache.storm.redis.common.mapper.RedisDataTypeDescription;
import org.apache.storm.redis.common.mapper.RedisDataTypeDescription.RedisDataType;
import org.apache.storm.redis.common.mapper.RedisLookupMapper;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.ITuple;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * storm-redis's {@code RedisLookupBolt}, unchanged, as a Gale bolt: each tuple leaves enriched with
 * what Redis holds for it (null for a missing key), anchored to its input so that a failure
 * downstream replays it; a lookup Redis refuses fails the tuple with Redis's error.
 */
class RedisLookupBoltTest {
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
    void eachTupleIsEnrichedFromTheHashAndAFailureDownstreamReplaysIt() {
        int total = 100;
        try (Jedis jedis = redis.client()) {
            LongStream.range(0, total).filter(id -> id % 2 == 0).forEach(id -> jedis.hset("names", Long.toString(id), "name-" + id));
        }
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(ledger, total));
        builder.setBolt("lookup", StormBolts.of(new RedisLookupBolt(redis.poolConfig(), new NameLookup("names"))), 2)
                .shuffleGrouping("ledger");
        builder.setBolt("sink", RecordingBolt.failingOnce("lookup-sink", 7L), 1).shuffleGrouping("lookup");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("lookup", new Config(), builder.createTopology());
            await().atMost(DEADLINE).until(() -> Ledger.acked(ledger).size() == total);
        }

        List<List<Object>> enriched = RecordingBolt.recorded("lookup-sink");
        // Id 7 twice: failed once by the sink, replayed by the spout, looked up again.
        assertThat(enriched).hasSize(total + 1);
        assertThat(enriched.stream().map(row -> row.get(0)).collect(Collectors.toSet()))
                .isEqualTo(LongStream.range(0, total).boxed().collect(Collectors.toSet()));
        assertThat(enriched).allSatisfy(row -> {
            long id = (Long) row.get(0);
            assertThat(row.get(1)).isEqualTo(id % 2 == 0 ? "name-" + id : null);
        });
        assertThat(Ledger.failures(ledger)).singleElement().asString().contains("FAILED", "sink");
    }

    @Test
    void aLookupRedisRefusesFailsTheTupleWithRedissErrorAndEmitsNothing() {
        try (Jedis jedis = redis.client()) {
            jedis.set("not-a-hash", "a string");
        }
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(ledger, 5));
        builder.setBolt("lookup", StormBolts.of(new RedisLookupBolt(redis.poolConfig(), new NameLookup("not-a-hash"))), 1)
                .shuffleGrouping("ledger");
        builder.setBolt("sink", RecordingBolt.named("refused-sink"), 1).shuffleGrouping("lookup");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("lookup-refused", new Config(), builder.createTopology());
            await().atMost(DEADLINE).until(() -> Ledger.failures(ledger).size() >= 5);
        }

        assertThat(Ledger.acked(ledger)).isEmpty();
        assertThat(RecordingBolt.recorded("refused-sink")).isEmpty();
        assertThat(Ledger.failures(ledger)).allSatisfy(failure -> assertThat(failure)
                .contains("FAILED", "lookup", "JedisDataException", "WRONGTYPE"));
    }

    /** Looks a LedgerSpout tuple's id up as a field of one hash; emits (id, name). Immutable. */
    private static final class NameLookup implements RedisLookupMapper {
        private static final long serialVersionUID = 1L;
        private final String hash;

        NameLookup(String hash) {
            this.hash = hash;
        }

        @Override
        public RedisDataTypeDescription getDataTypeDescription() {
            return new RedisDataTypeDescription(RedisDataType.HASH, hash);
        }

        @Override
        public String getKeyFromTuple(ITuple tuple) {
            return tuple.getLongByField("id").toString();
        }

        @Override
        public String getValueFromTuple(ITuple tuple) {
            return null;
        }

        @Override
        public List<Values> toTuple(ITuple input, Object value) {
            return List.of(new Values(input.getLongByField("id"), value));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "name"));
        }
    }
}
