package dev.gale.benchmarks.soak.eo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of the soak's child ({@link SoakTopology}) in a JVM of its own, on this JVM's class path,
 * its stdout and stderr in files; ended with SIGKILL. Not thread-safe.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path out;
    private final Path err;

    private ChildJvm(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    static ChildJvm start(Path logs, String name, List<String> args) throws IOException {
        Files.createDirectories(logs);
        Path out = logs.resolve(name + ".out");
        Path err = logs.resolve(name + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-XX:+UseSerialGC",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                // the lines that say a checkpoint was spoiled by a failure that raced it
                "-Dorg.slf4j.simpleLogger.log.dev.gale.topology.BaseStatefulBoltExecutor=info",
                "-Dorg.slf4j.simpleLogger.log.dev.gale.spout.CheckpointSpout=info",
                "-cp", System.getProperty("java.class.path"), SoakTopology.class.getName()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new ChildJvm(p, out, err);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    List<String> lines() {
        return read(out);
    }

    List<String> errLines() {
        return read(err);
    }

    /** SIGKILL, and wait until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("child pid " + process.pid() + " still alive 30 s after SIGKILL");
        }
    }

    /** Waits up to {@code seconds} for it to exit; its exit code, or -1 if it still runs. */
    int awaitExit(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    String describe() {
        List<String> o = lines();
        List<String> e = errLines();
        return "child pid " + process.pid() + " (" + (process.isAlive() ? "alive" : "exit " + process.exitValue())
                + "), " + out + ":\n  " + String.join("\n  ", o.subList(Math.max(0, o.size() - 20), o.size()))
                + "\n" + err + ":\n  " + String.join("\n  ", e.subList(Math.max(0, e.size() - 30), e.size()));
    }

    private static List<String> read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
