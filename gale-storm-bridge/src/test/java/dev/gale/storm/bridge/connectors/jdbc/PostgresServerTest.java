package dev.gale.storm.bridge.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The test fixture itself: a real server that takes SQL, listens on 127.0.0.1 only, and is gone after close. */
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
    void aConstraintViolationCarriesTheDatabasesMessage() throws Exception {
        try (PostgresServer server = PostgresServer.start("fixture2")) {
            server.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)");
            server.execute("INSERT INTO t VALUES (1)");
            assertThatThrownBy(() -> server.execute("INSERT INTO t VALUES (1)")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("duplicate key value violates unique constraint");
        }
    }
}
