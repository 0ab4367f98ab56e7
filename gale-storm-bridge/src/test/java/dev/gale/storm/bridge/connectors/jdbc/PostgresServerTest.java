package dev.gale.storm.bridge.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * The test fixture itself: a real server that takes SQL, listens on 127.0.0.1 only, and is gone
 * after close; without PostgreSQL a test is skipped, or fails under CI.
 */
class PostgresServerTest {

    @Test
    void servesTheDatabaseAndStopsByPid() throws Exception {
        long pid;
        int port;
        try (PostgresServer server = PostgresServer.start("fixture")) {
            port = server.port();
            pid = server.postmasterPid().orElseThrow();
            assertThat(ProcessHandle.of(pid)).hasValueSatisfying(h -> assertThat(h.isAlive()).isTrue());
            server.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, v TEXT)");
            server.execute("INSERT INTO t VALUES (1, 'one')");
            try (Connection c = server.connect(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT current_database(), v, inet_server_addr()::text FROM t")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("fixture");
                assertThat(rs.getString(2)).isEqualTo("one");
                assertThat(rs.getString(3)).startsWith("127.0.0.1");
            }
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    }

    @Test
    void missingBinariesSkipOutsideCiAndFailUnderCi() {
        assertThatThrownBy(() -> PostgresServer.requireBinaries(Optional.empty(), false))
                .isInstanceOf(TestAbortedException.class);
        assertThatThrownBy(() -> PostgresServer.requireBinaries(Optional.empty(), true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(".ci/run installs Debian's postgresql package");
        assertThat(PostgresServer.requireBinaries(Optional.of(Path.of("/opt/pg/bin")), true))
                .isEqualTo(Path.of("/opt/pg/bin"));
    }
}
