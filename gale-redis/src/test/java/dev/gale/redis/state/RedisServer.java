package dev.gale.redis.state;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;

/**
 * A real redis-server for tests (Debian's package; {@code .ci/run} installs it): started on
 * 127.0.0.1 with a free port, no persistence, in a directory under {@code target/}, and stopped by
 * its PID. Without the binary the tests are skipped, except under CI ({@code CI=true}), where they
 * fail.
 */
final class RedisServer implements AutoCloseable {
    private static final String BINARY = "/usr/bin/redis-server";
    private final Process process;
    private final int port;

    private RedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** True if redis-server can be run here (under CI it must be). */
    static boolean available() {
        boolean present = Files.isExecutable(Path.of(BINARY));
        if (!present && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(BINARY + " is missing: .ci/run installs Debian's redis-server package");
        }
        return present;
    }

    static RedisServer start() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target")),
                "redis-");
        Process p = new ProcessBuilder(List.of(BINARY, "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--daemonize", "no"))
                .redirectOutput(dir.resolve("redis.out").toFile())
                .redirectErrorStream(true)
                .start();
        RedisServer server = new RedisServer(p, port);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20)).ignoreExceptions()
                .failFast(() -> !p.isAlive())
                .until(() -> {
                    try (Jedis j = new Jedis("127.0.0.1", port)) {
                        return "PONG".equals(j.ping());
                    }
                });
        return server;
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** The provider config that points at this server. */
    String providerConfig() {
        return "{\"jedisPoolConfig\": {\"host\": \"127.0.0.1\", \"port\": " + port + ", \"timeout\": 5000}}";
    }

    Jedis client() {
        return new Jedis("127.0.0.1", port);
    }

    @Override
    public void close() throws InterruptedException {
        ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
