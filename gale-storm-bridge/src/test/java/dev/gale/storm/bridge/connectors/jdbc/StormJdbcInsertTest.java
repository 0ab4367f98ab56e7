package dev.gale.storm.bridge.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.topology.TopologyBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.apache.storm.jdbc.bolt.JdbcInsertBolt;
import org.apache.storm.jdbc.common.HikariCPConnectionProvider;
import org.apache.storm.jdbc.mapper.SimpleJdbcMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Storm's {@code JdbcInsertBolt} (storm-jdbc 2.8.3, unchanged) inside Gale through the bridge,
 * writing a Gale spout's tuples into a real PostgreSQL: an acked tuple is a committed row, and a
 * row the database refuses fails its tuple with the database's own words in the spout's failure
 * info.
 */
class StormJdbcInsertTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static PostgresServer postgres;
    private LocalCluster cluster;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = PostgresServer.start("insert");
    }

    @AfterAll
    static void stopPostgres() {
        if (postgres != null) {
            postgres.close();
        }
    }

    @BeforeEach
    void startCluster() {
        cluster = new LocalCluster();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    private JdbcInsertBolt insertInto(String table) {
        HikariCPConnectionProvider provider = new HikariCPConnectionProvider(postgres.hikariConfig());
        // The mapper reads the table's columns from the database: bigint id, varchar value.
        return new JdbcInsertBolt(provider, new SimpleJdbcMapper(table, provider)).withTableName(table);
    }

    @Test
    void everyAckedTupleIsARowInTheTable() throws Exception {
        int n = 300;
        postgres.execute("CREATE TABLE events (id BIGINT PRIMARY KEY, value VARCHAR(64) NOT NULL)");
        IdSpout spout = IdSpout.range(n);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ids", spout);
        builder.setBolt("sink", StormBolts.of(insertInto("events")), 2).shuffleGrouping("ids");
        // No query timeout given to the bolt: it takes topology.message.timeout.secs from the
        // configuration the bridge hands to prepare, as in Storm.
        cluster.submitTopology("jdbc-insert", new Config(), builder.createTopology());

        await().atMost(DEADLINE).until(() -> spout.done() == n);

        assertThat(spout.failed()).isEmpty();
        assertThat(spout.acked()).hasSize(n);
        Map<Long, String> rows = postgres.query("SELECT id, value FROM events");
        Set<Long> withoutRow = new TreeSet<>(spout.acked());
        withoutRow.removeAll(rows.keySet());
        assertThat(withoutRow).as("acked ids without a row").isEmpty();
        assertThat(rows).hasSize(n).allSatisfy((id, value) -> assertThat(value).isEqualTo(IdSpout.value(id)));
    }

    @Test
    void aRowTheDatabaseRefusesFailsItsTupleWithTheDatabasesMessage() throws Exception {
        postgres.execute("CREATE TABLE accounts (id BIGINT PRIMARY KEY, value VARCHAR(64) NOT NULL)");
        postgres.execute("INSERT INTO accounts VALUES (5, 'there before')");
        IdSpout spout = IdSpout.range(10);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ids", spout);
        builder.setBolt("sink", StormBolts.of(insertInto("accounts")), 1).shuffleGrouping("ids");
        cluster.submitTopology("jdbc-refused", new Config(), builder.createTopology());

        await().atMost(DEADLINE).until(() -> spout.done() == 10);

        assertThat(spout.acked()).containsExactlyInAnyOrderElementsOf(
                LongStream.range(0, 10).filter(id -> id != 5).boxed().toList());
        assertThat(spout.failed()).containsOnlyKeys(5L);
        FailureInfo info = spout.failed().get(5L);
        // JdbcInsertBolt reports the exception, then fails the tuple: the tuple fails for that exception.
        assertThat(info.reason()).isEqualTo(FailureReason.FAILED);
        assertThat(info.componentId()).isEqualTo("sink");
        assertThat(info.errorText()).contains("duplicate key value violates unique constraint \"accounts_pkey\"");
        assertThat(spout.plainFails()).isEmpty();
        // The refused insert changed nothing; the others are in.
        Map<Long, String> rows = postgres.query("SELECT id, value FROM accounts");
        assertThat(rows).containsEntry(5L, "there before").hasSize(10);
    }
}
