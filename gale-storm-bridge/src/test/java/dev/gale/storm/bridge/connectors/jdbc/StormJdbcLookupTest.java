package dev.gale.storm.bridge.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.topology.TopologyBuilder;
import java.sql.Types;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.storm.jdbc.bolt.JdbcLookupBolt;
import org.apache.storm.jdbc.common.Column;
import org.apache.storm.jdbc.common.HikariCPConnectionProvider;
import org.apache.storm.jdbc.mapper.SimpleJdbcLookupMapper;
import org.apache.storm.tuple.Fields;
import org.junit.jupiter.api.Test;

/**
 * Storm's {@code JdbcLookupBolt} (storm-jdbc 2.8.3, unchanged) inside Gale through the bridge:
 * it enriches a Gale spout's tuples with columns of a real PostgreSQL table and a Gale bolt
 * downstream gets the enriched tuples, anchored, so the spout's trees complete only after it.
 */
class StormJdbcLookupTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void enrichesTuplesFromTheTableForTheBoltDownstream() throws Exception {
        try (PostgresServer postgres = PostgresServer.start("lookup");
             LocalCluster cluster = new LocalCluster()) {
            postgres.execute("CREATE TABLE customers (id BIGINT PRIMARY KEY, name VARCHAR(64), city VARCHAR(64))");
            // Every id but the multiples of 7 has a customer; the missing ones emit nothing.
            StringBuilder insert = new StringBuilder("INSERT INTO customers VALUES ");
            for (int id = 0; id < 50; id++) {
                if (id % 7 != 0) {
                    insert.append(insert.charAt(insert.length() - 1) == ' ' ? "" : ",")
                            .append("(").append(id).append(", 'name-").append(id).append("', 'city-")
                            .append(id % 3).append("')");
                }
            }
            postgres.execute(insert.toString());

            IdSpout spout = IdSpout.range(50);
            Recorder recorder = new Recorder();
            SimpleJdbcLookupMapper mapper = new SimpleJdbcLookupMapper(new Fields("id", "value", "name", "city"),
                    List.of(new Column<>("id", Types.BIGINT)));
            JdbcLookupBolt lookup = new JdbcLookupBolt(new HikariCPConnectionProvider(postgres.hikariConfig()),
                    "SELECT name, city FROM customers WHERE id = ?", mapper).withQueryTimeoutSecs(10);
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("ids", spout);
            builder.setBolt("lookup", StormBolts.of(lookup), 2).shuffleGrouping("ids");
            builder.setBolt("recorder", recorder, 1).shuffleGrouping("lookup");
            cluster.submitTopology("jdbc-lookup", new Config(), builder.createTopology());

            await().atMost(DEADLINE).until(() -> spout.done() == 50);

            assertThat(spout.failed()).isEmpty();
            assertThat(spout.acked()).hasSize(50);
            List<Recorder.Received> received = recorder.received();
            assertThat(received).allSatisfy(r -> {
                assertThat(r.fields()).containsExactly("id", "value", "name", "city");
                assertThat(r.anchored()).as("emitted anchored to its input").isTrue();
            });
            Map<Object, List<Object>> byId = received.stream()
                    .collect(Collectors.toMap(r -> r.get("id"), Recorder.Received::values));
            assertThat(byId).hasSize(50 - 8);
            for (long id = 0; id < 50; id++) {
                if (id % 7 == 0) {
                    assertThat(byId).doesNotContainKey(id);
                } else {
                    assertThat(byId.get(id)).containsExactly(id, IdSpout.value(id), "name-" + id, "city-" + id % 3);
                }
            }
        }
    }
}
