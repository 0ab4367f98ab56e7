package dev.gale.state.kill;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM for the kill tests (same java binary and class path, a small heap), its stdout and
 * stderr in files under {@code target/gale-processes/}. Killed with SIGKILL. Shared with other modules' kill
 * tests through gale-core's test jar. Not thread-safe.
 */
public final class ChildProcess implements AutoCloseable {
    private final String name;
    private final Path stdout;
    private final Path stderr;
    private final Process process;

    private ChildProcess(String name, Path stdout, Path stderr, Process process) {
        this.name = name;
        this.stdout = stdout;
        this.stderr = stderr;
        this.process = process;
    }

    public static ChildProcess start(String name, Class<?> main, String... args) throws IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "gale-processes");
        Files.createDirectories(dir);
        String unique = name + "-" + System.nanoTime();
        Path out = dir.resolve(unique + ".out");
        Path err = dir.resolve(unique + ".err");
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new ChildProcess(name, out, err, p);
    }

    /** Kills the process with SIGKILL and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError(name + " (pid " + process.pid() + ") still alive 30 s after SIGKILL" + logs());
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public List<String> lines() {
        try {
            return new String(Files.readAllBytes(stdout), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** What it wrote to stderr so far (its log). */
    public List<String> errorLines() {
        try {
            return new String(Files.readAllBytes(stderr), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    public String logs() {
        return "\n--- " + name + " (pid " + process.pid() + ", " + (process.isAlive() ? "alive" : "exited") + ") "
                + stdout + " ---\n" + tail(stdout) + "\n--- " + stderr + " ---\n" + tail(stderr);
    }

    private static String tail(Path file) {
        try {
            List<String> all = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - 40), all.size()));
        } catch (IOException e) {
            return "(cannot read " + file + ")";
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
