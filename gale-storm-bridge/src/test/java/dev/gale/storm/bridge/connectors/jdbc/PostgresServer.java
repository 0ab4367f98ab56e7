package dev.gale.storm.bridge.connectors.jdbc;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL server for tests (Debian's {@code postgresql} package; {@code .ci/run} installs
 * it): a fresh cluster made by {@code initdb} in a directory under {@code target/}, served by
 * {@code postgres} on 127.0.0.1 and a free port, with trust authentication and no fsync (the data
 * is thrown away), and stopped by its PID in {@link #close()}. PostgreSQL refuses to run as root,
 * so as root the cluster belongs to the {@code postgres} OS user and both programs run as that user
 * ({@code runuser}). Without the binaries a test is skipped, except under CI ({@code CI=true}),
 * where it fails. Not thread-safe: one test class starts, uses and stops it.
 */
public final class PostgresServer implements AutoCloseable {
    private static final String OS_USER = "postgres";
    private static final String SUPERUSER = "postgres";
    private static final Duration START_DEADLINE = Duration.ofSeconds(60);

    private final Path bin;
    private final Path dir;
    private final Path data;
    private final boolean asOsUser;
    private final Process process;
    private final int port;
    private final String database;

    private PostgresServer(Path bin, Path dir, Path data, boolean asOsUser, Process process, int port,
                           String database) {
        this.bin = bin;
        this.dir = dir;
        this.data = data;
        this.asOsUser = asOsUser;
        this.process = process;
        this.port = port;
        this.database = database;
    }

    /**
     * The directory with {@code initdb}, {@code pg_ctl} and {@code postgres}: the one {@code initdb}
     * on the PATH resolves to, else the newest {@code /usr/lib/postgresql/<version>/bin}.
     */
    static Optional<Path> binaries() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(File.pathSeparator)) {
                Path initdb = Path.of(entry.isEmpty() ? "." : entry, "initdb");
                if (Files.isExecutable(initdb)) {
                    try {
                        // Debian puts only symbolic links (or pg_wrapper) on the PATH; postgres sits
                        // beside the real initdb.
                        Path real = initdb.toRealPath().getParent();
                        if (complete(real)) {
                            return Optional.of(real);
                        }
                    } catch (IOException e) {
                        // A dangling link: look further.
                    }
                }
            }
        }
        Path versions = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(versions)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(versions)) {
            return s.map(v -> v.resolve("bin")).filter(PostgresServer::complete)
                    .max(Comparator.comparingInt(PostgresServer::majorVersion));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean complete(Path bin) {
        return Stream.of("initdb", "pg_ctl", "postgres").allMatch(p -> Files.isExecutable(bin.resolve(p)));
    }

    private static int majorVersion(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The binaries' directory; skips the calling test when there are none, but under CI fails it:
     * there they must be installed.
     */
    static Path requireBinaries() {
        return requireBinaries(binaries(), "true".equals(System.getenv("CI")));
    }

    static Path requireBinaries(Optional<Path> bin, boolean ci) {
        if (bin.isEmpty() && ci) {
            throw new IllegalStateException("PostgreSQL's initdb/pg_ctl/postgres are missing (neither on the PATH "
                    + "nor in /usr/lib/postgresql/*/bin): .ci/run installs Debian's postgresql package");
        }
        Assumptions.assumeTrue(bin.isPresent(),
                "PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql/*/bin)");
        return bin.get();
    }

    /**
     * Makes a cluster, starts its server and creates the database {@code database} in it. Skips
     * the calling test (fails it under CI) when PostgreSQL is not installed.
     */
    public static PostgresServer start(String database) throws IOException {
        Path bin = requireBinaries();
        boolean asOsUser = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."),
                "target")).toAbsolutePath(), "postgres-");
        Path data = dir.resolve("data");
        Path sockets = dir.resolve("sockets");
        Files.createDirectories(sockets);
        if (asOsUser) {
            run(dir.resolve("chown.out"), List.of("chown", "-R", OS_USER + ":", dir.toString()));
        }
        // No sync of the new files: the cluster lives as long as the test class.
        run(dir.resolve("initdb.out"), command(asOsUser, bin.resolve("initdb").toString(), "-D", data.toString(),
                "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = dir.resolve("postgres.out");
        Process p = new ProcessBuilder(command(asOsUser, bin.resolve("postgres").toString(), "-D", data.toString(),
                "-p", Integer.toString(port), "-c", "listen_addresses=127.0.0.1",
                "-c", "unix_socket_directories=" + sockets, "-c", "fsync=off", "-c", "synchronous_commit=off",
                "-c", "full_page_writes=off"))
                .redirectOutput(log.toFile()).redirectErrorStream(true).start();
        PostgresServer server = new PostgresServer(bin, dir, data, asOsUser, p, port, database);
        try {
            await().atMost(START_DEADLINE).pollInterval(Duration.ofMillis(50)).ignoreExceptions()
                    .failFast(() -> {
                        if (!p.isAlive()) {
                            throw new AssertionError("postgres on port " + port + " exited with " + p.exitValue()
                                    + ": " + Files.readString(log));
                        }
                    })
                    .until(() -> {
                        try (Connection c = DriverManager.getConnection(server.url(SUPERUSER))) {
                            return c.isValid(5);
                        }
                    });
            try (Connection c = DriverManager.getConnection(server.url(SUPERUSER));
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE \"" + database + "\"");
            }
        } catch (SQLException e) {
            server.close();
            throw new IOException("cannot create database " + database + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    private static List<String> command(boolean asOsUser, String... args) {
        List<String> command = new ArrayList<>();
        if (asOsUser) {
            command.addAll(List.of("runuser", "-u", OS_USER, "--"));
        }
        command.addAll(List.of(args));
        return command;
    }

    private static void run(Path log, List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectOutput(log.toFile()).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(START_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in " + START_DEADLINE);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + p.exitValue() + ": "
                    + Files.readString(log));
        }
    }

    /** The JDBC URL of the test database, as the superuser (no password: trust authentication). */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + SUPERUSER;
    }

    private String url(String db) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + db + "?user=" + SUPERUSER;
    }

    /**
     * The configuration of storm-jdbc's {@code HikariCPConnectionProvider} that reaches the test
     * database: a fresh, serializable map (the provider travels with its bolt), for a test to change.
     */
    public HashMap<String, Object> hikariConfig() {
        HashMap<String, Object> config = new HashMap<>();
        config.put("jdbcUrl", jdbcUrl());
        config.put("maximumPoolSize", 2);
        return config;
    }

    /** The rows of {@code sql}'s result: its first column (a bigint) to its second (text), in order. */
    public Map<Long, String> query(String sql) throws SQLException {
        Map<Long, String> rows = new LinkedHashMap<>();
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.put(rs.getLong(1), rs.getString(2));
            }
        }
        return rows;
    }

    /** A new connection to the test database, for a test's own setup and checks. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl());
    }

    /** Runs {@code sql} (DDL, inserts) in the test database. */
    public void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    public int port() {
        return port;
    }

    /** The postmaster's PID, from its {@code postmaster.pid}; empty before it wrote the file or after it left. */
    Optional<Long> postmasterPid() {
        try {
            List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"));
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Stops the server: {@code pg_ctl stop -m fast} (ends the sessions, shuts down cleanly), then
     * kills the postmaster by PID if it is still there, and removes the cluster's files.
     */
    @Override
    public void close() {
        Optional<Long> pid = postmasterPid();
        try {
            run(dir.resolve("pg_ctl-stop.out"), command(asOsUser, bin.resolve("pg_ctl").toString(), "stop",
                    "-D", data.toString(), "-m", "fast", "-w", "-t", "20"));
        } catch (IOException e) {
            // Not started, or not stopping: the kill below ends it.
        }
        // Only a postgres: after a clean stop the number may already belong to another process.
        pid.flatMap(ProcessHandle::of).filter(h -> h.info().command().map(c -> c.endsWith("/postgres")).orElse(true))
                .ifPresent(h -> {
                    h.destroyForcibly();
                    h.onExit().orTimeout(30, TimeUnit.SECONDS).exceptionally(t -> h).join();
                });
        // runuser waits for its child, so it has left by now or goes with a kill.
        ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteTree(data);
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Left under target/ for the next clean.
        }
    }
}
