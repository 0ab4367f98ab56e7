package dev.gale.redis.state;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * A real redis-server for tests (Debian's package; {@code .ci/run} installs it): started on
 * 127.0.0.1 with a free port, no persistence, in a directory under {@code target/}, and stopped by
 * its PID. Plain by default; {@link #builder()} adds TLS (that port then being its only one) and
 * an ACL user (the default user then being off). Without the binary the tests are skipped, except
 * under CI ({@code CI=true}), where they fail. Not thread-safe: one test class starts, uses and
 * stops it.
 */
final class RedisServer implements AutoCloseable {
    private static final String BINARY = "/usr/bin/redis-server";
    private final Process process;
    private final int port;
    private final Builder settings;
    private final SSLContext ssl;

    private RedisServer(Process process, int port, Builder settings, SSLContext ssl) {
        this.process = process;
        this.port = port;
        this.settings = settings;
        this.ssl = ssl;
    }

    /** True if redis-server can be run here (under CI it must be). */
    static boolean available() {
        boolean present = Files.isExecutable(Path.of(BINARY));
        if (!present && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(BINARY + " is missing: .ci/run installs Debian's redis-server package");
        }
        return present;
    }

    /** A plain server whose default user needs no password. */
    static RedisServer start() throws IOException {
        return builder().start();
    }

    static Builder builder() {
        return new Builder();
    }

    /** The options of a server to start. */
    static final class Builder {
        private TestCertificates certificates;
        private TestCertificates.ServerCertificate certificate;
        private String authClients;
        private String user;
        private String password;

        private Builder() {
        }

        /**
         * Serves TLS only, with {@code certificate}; {@code authClients} is redis's
         * {@code tls-auth-clients}: {@code no}, {@code optional} or {@code yes} (mutual TLS).
         */
        Builder tls(TestCertificates certificates, TestCertificates.ServerCertificate certificate, String authClients) {
            this.certificates = certificates;
            this.certificate = certificate;
            this.authClients = authClients;
            return this;
        }

        /** Adds the ACL user {@code name}, allowed everything, and turns the default user off. */
        Builder user(String name, String password) {
            this.user = name;
            this.password = password;
            return this;
        }

        RedisServer start() throws IOException {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."),
                    "target")), "redis-");
            List<String> command = new ArrayList<>(List.of(BINARY, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                    "--dir", dir.toString(), "--daemonize", "no"));
            SSLContext ssl = null;
            if (certificates != null) {
                command.addAll(List.of("--port", "0", "--tls-port", Integer.toString(port),
                        "--tls-cert-file", certificate.cert().toString(), "--tls-key-file", certificate.key().toString(),
                        "--tls-ca-cert-file", certificates.caPem().toString(), "--tls-auth-clients", authClients));
                try {
                    ssl = certificates.sslContext();
                } catch (GeneralSecurityException e) {
                    throw new IOException("cannot set up the tests' TLS client", e);
                }
            } else {
                command.addAll(List.of("--port", Integer.toString(port)));
            }
            if (user != null) {
                // The password's SHA-256 rather than the password: command lines are visible to every local user.
                command.addAll(List.of("--user", user, "on", "#" + sha256(password), "~*", "&*", "+@all",
                        "--user", "default", "off"));
            }
            Path log = dir.resolve("redis.out");
            Process p = new ProcessBuilder(command).redirectOutput(log.toFile()).redirectErrorStream(true).start();
            RedisServer server = new RedisServer(p, port, this, ssl);
            try {
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20)).ignoreExceptions()
                        .failFast(() -> {
                            if (!p.isAlive()) {
                                throw new AssertionError("redis-server " + String.join(" ", command.subList(1, command.size()))
                                        + " exited with " + p.exitValue() + ": " + Files.readString(log));
                            }
                        })
                        .until(() -> {
                            try (Jedis j = server.client()) {
                                return "PONG".equals(j.ping());
                            }
                        });
            } catch (RuntimeException | Error e) {
                server.close();
                throw e;
            }
            return server;
        }

        private static String sha256(String s) {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /**
     * The {@code jedisPoolConfig} that reaches this server: over TLS trusting the test CA, as the
     * ACL user, if it has them. A fresh map, for a test to change.
     */
    Map<String, Object> poolConfig() {
        Map<String, Object> pool = new LinkedHashMap<>();
        pool.put("host", "127.0.0.1");
        pool.put("port", port);
        pool.put("timeout", 5000);
        if (settings.user != null) {
            pool.put("user", settings.user);
            pool.put("password", settings.password);
        }
        if (settings.certificates != null) {
            pool.put("ssl", true);
            pool.put("trustStore", settings.certificates.trustStore().toString());
            pool.put("trustStorePassword", TestCertificates.STORE_PASSWORD);
        }
        return pool;
    }

    /** The provider config that points at this server. */
    String providerConfig() {
        return providerConfig(poolConfig());
    }

    /** The provider config (JSON, as Storm's is) with {@code pool} as its {@code jedisPoolConfig}. */
    static String providerConfig(Map<String, Object> pool) {
        try {
            return new ObjectMapper().writeValueAsString(Map.of("jedisPoolConfig", pool));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A client of the tests' own, logged in as the ACL user over TLS if the server has them. */
    Jedis client() {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder().timeoutMillis(5000)
                .autoNegotiateProtocol(false);
        if (settings.user != null) {
            config.user(settings.user).password(settings.password);
        }
        if (ssl != null) {
            // Parameters without an endpoint identification: Jedis's default checks the host name, and a
            // test may give the server a certificate for another host on purpose.
            config.ssl(true).sslSocketFactory(ssl.getSocketFactory()).sslParameters(new SSLParameters());
        }
        return new Jedis(new HostAndPort("127.0.0.1", port), config.build());
    }

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
