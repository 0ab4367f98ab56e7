package dev.gale.storm.bridge.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.storm.bridge.kill.KillRestart;
import dev.gale.storm.bridge.kill.Ledger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of a Gale process running Storm's {@code JdbcInsertBolt} through the bridge, mid-stream,
 * then a restart: every id the spout saw acked has its row in PostgreSQL (at least once delivery;
 * the insert ignores a replayed id's second row).
 */
class StormJdbcKillTest {
    private static final int TOTAL = 3000;

    @Test
    void everyAckedIdHasItsRowAfterAKillAndARestart() throws Exception {
        try (PostgresServer postgres = PostgresServer.start("kill")) {
            postgres.execute("CREATE TABLE ledger (id BIGINT PRIMARY KEY, value VARCHAR(64) NOT NULL)");
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."),
                    "target")).toAbsolutePath(), "jdbc-kill-");

            Set<Long> acked = KillRestart.run(JdbcKillChild.class, dir, TOTAL, postgres.jdbcUrl());

            Set<Long> all = LongStream.range(0, TOTAL).boxed().collect(Collectors.toSet());
            assertThat(acked).isEqualTo(all);
            assertThat(Ledger.acked(dir)).isEqualTo(all);
            Map<Long, String> rows = postgres.query("SELECT id, value FROM ledger");
            Set<Long> withoutRow = new TreeSet<>(acked);
            withoutRow.removeAll(rows.keySet());
            assertThat(withoutRow).as("acked ids without a row").isEmpty();
            assertThat(rows).hasSize(TOTAL).allSatisfy((id, value) -> assertThat(value).isEqualTo("value-" + id));
            assertThat(Ledger.failures(dir)).isEmpty();
        }
    }
}
