package dev.gale.benchmarks.soak.eo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Debian's redis-server for the soak, on 127.0.0.1 and a fixed port, its data in a directory that
 * outlives it: every write is in the append-only file, fsynced before Redis answers, so a SIGKILL
 * loses nothing Redis acknowledged and a restart on the same directory finds it. Not thread-safe.
 */
final class RedisProcess implements AutoCloseable {
    static final String BINARY = "/usr/bin/redis-server";
    private final int port;
    private final Path dir;
    private Process process;

    RedisProcess(int port, Path dir) {
        this.port = port;
        this.dir = dir.toAbsolutePath(); // redis-server resolves its paths after changing to --dir
    }

    int port() {
        return port;
    }

    /** Starts it and waits until it accepts connections. */
    void start() throws IOException {
        Files.createDirectories(dir);
        process = new ProcessBuilder(List.of(BINARY, "--bind", "127.0.0.1", "--port", Integer.toString(port),
                "--dir", dir.toString(), "--appendonly", "yes", "--appendfsync", "always", "--save", "",
                "--daemonize", "no", "--logfile", dir.resolve("redis.log").toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("redis.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException notYet) {
                if (!process.isAlive()) {
                    throw new IOException("redis-server exited with " + process.exitValue() + "; see " + dir);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
        }
        throw new IOException("redis-server on port " + port + " did not accept connections within 20 s; see " + dir);
    }

    /** SIGKILL, and wait until it is gone. */
    void kill() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
