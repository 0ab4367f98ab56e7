package dev.gale.storm.bridge.connectors.redis;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.storm.redis.common.config.JedisPoolConfig;
import redis.clients.jedis.Jedis;

/**
 * A redis-server of one test class's own, for storm-redis's bolts: Debian's binary on 127.0.0.1 and
 * a free port, without persistence, its directory and log under {@code target/}, stopped by its
 * PID. Its own small fixture rather than gale-redis's: that one is package-private, knows TLS and
 * ACLs these tests do not need, and talks Jedis 8 where storm-redis 2.8.3 brings Jedis 7. Without
 * the binary the tests are skipped, under {@code CI=true} they fail. Not thread-safe.
 */
final class RedisProcess implements AutoCloseable {
    private static final Path BINARY = Path.of("/usr/bin/redis-server");
    private static final int TIMEOUT_MILLIS = 5_000;

    private final Process process;
    private final int port;
    private final Path log;

    private RedisProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** True if redis-server can run here; under CI its absence is an error, not a reason to skip. */
    static boolean available() {
        return available(BINARY, "true".equals(System.getenv("CI")));
    }

    /** Whether {@code binary} can run; when it cannot and {@code ci}, throws instead of answering false. */
    static boolean available(Path binary, boolean ci) {
        boolean present = Files.isExecutable(binary);
        if (!present && ci) {
            throw new IllegalStateException(binary + " is missing: .ci/run installs Debian's redis-server package");
        }
        return present;
    }

    /** Starts a server and waits until it answers PING. */
    static RedisProcess start() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path target = Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target"));
        Path dir = Files.createTempDirectory(target, "storm-redis-");
        Path log = dir.resolve("redis.log");
        List<String> command = List.of(BINARY.toString(), "--bind", "127.0.0.1", "--port", Integer.toString(port),
                "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--daemonize", "no");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        RedisProcess redis = new RedisProcess(process, port, log);
        try {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20)).ignoreExceptions()
                    .failFast("redis-server exited", () -> !process.isAlive())
                    .until(() -> {
                        try (Jedis jedis = redis.client()) {
                            return "PONG".equals(jedis.ping());
                        }
                    });
        } catch (RuntimeException | Error e) {
            redis.close();
            throw new IllegalStateException("redis-server did not start; its log: " + redis.logText(), e);
        }
        return redis;
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** storm-redis's configuration for this server, as a topology gives it to its bolts. */
    JedisPoolConfig poolConfig() {
        return new JedisPoolConfig.Builder().setHost("127.0.0.1").setPort(port).setTimeout(TIMEOUT_MILLIS).build();
    }

    /** A client of the test's own, to prepare and check what the bolts read and wrote. */
    Jedis client() {
        return new Jedis("127.0.0.1", port, TIMEOUT_MILLIS);
    }

    private String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(cannot read " + log + ")";
        }
    }

    /** Stops the server (SIGTERM, SIGKILL if it lingers) and waits until it is gone. Idempotent. */
    @Override
    public void close() {
        ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
                process.waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
