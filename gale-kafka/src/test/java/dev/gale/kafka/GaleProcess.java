package dev.gale.kafka;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Gale process for tests: a child JVM (same java binary, this JVM's class path, a small heap)
 * running {@link KafkaPipelineProcess}, with stdout and stderr in files under
 * {@code target/gale-processes/}. Reads what its spout tasks say they were assigned. Not
 * thread-safe: one test thread uses it.
 */
final class GaleProcess implements AutoCloseable {
    /** Exit status of a process ended by a signal is 128 + the signal; SIGKILL is 9. */
    static final int KILLED_BY_SIGKILL = 128 + 9;
    private static final Pattern ASSIGNED = Pattern.compile(
            KafkaPipelineProcess.ASSIGNED + " task=(\\d+) at=(\\d+) partitions=\\[([0-9, ]*)]");

    private final String name;
    private final Path stdout;
    private final Path stderr;
    private final Process process;

    private GaleProcess(String name, Path stdout, Path stderr, Process process) {
        this.name = name;
        this.stdout = stdout;
        this.stderr = stderr;
        this.process = process;
    }

    /** Starts a child JVM running the pipeline; {@code name} names its log files (made unique). */
    static GaleProcess start(String name, String bootstrap, String input, String output, String group,
            int spoutTasks) throws IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "gale-processes");
        Files.createDirectories(dir);
        String unique = name + "-" + System.currentTimeMillis();
        Path out = dir.resolve(unique + ".out");
        Path err = dir.resolve(unique + ".err");
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String classPath = System.getProperty("java.class.path");
        if (!classPath.contains("kafka-clients")) {
            throw new IllegalStateException("this JVM's java.class.path lacks the test class path: " + classPath);
        }
        // Small and quick to start on a busy machine: one GC thread, no C2 compiler threads.
        List<String> command = List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", classPath,
                KafkaPipelineProcess.class.getName(), bootstrap, input, output, group, Integer.toString(spoutTasks));
        Process p = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new GaleProcess(name, out, err, p);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Kills the process with SIGKILL (what {@code destroyForcibly} sends on Linux) and waits for
     * it to be gone; returns its exit status.
     */
    int kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError(name + " (pid " + pid() + ") still alive 30 s after SIGKILL" + logs());
        }
        return process.exitValue();
    }

    /** The partitions each spout task holds, as of its latest rebalance (by task id). */
    Map<Integer, Set<Integer>> assignments() {
        Map<Integer, Set<Integer>> latest = new HashMap<>();
        for (Assignment a : assignmentHistory()) {
            latest.put(a.task, a.partitions);
        }
        return latest;
    }

    /** The partitions the whole process holds, as of each task's latest rebalance. */
    Set<Integer> partitions() {
        Set<Integer> all = new TreeSet<>();
        assignments().values().forEach(all::addAll);
        return all;
    }

    /** How many partitions the tasks say they hold, counting a partition twice if two tasks claim it. */
    int claimedPartitions() {
        return assignments().values().stream().mapToInt(Set::size).sum();
    }

    /** Every assignment printed so far, in order. */
    List<Assignment> assignmentHistory() {
        List<Assignment> out = new ArrayList<>();
        for (String line : lines(stdout)) {
            Matcher m = ASSIGNED.matcher(line);
            if (m.matches()) {
                Set<Integer> parts = new TreeSet<>();
                for (String s : m.group(3).split(",")) {
                    if (!s.isBlank()) {
                        parts.add(Integer.parseInt(s.trim()));
                    }
                }
                out.add(new Assignment(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)), parts));
            }
        }
        return out;
    }

    boolean printed(String text) {
        return lines(stdout).stream().anyMatch(l -> l.contains(text));
    }

    /** The tail of stdout and stderr, for assertion messages. */
    String logs() {
        return "\n--- " + name + " (pid " + process.pid() + ", " + (process.isAlive() ? "alive" : "exited") + ") "
                + stdout + " ---\n" + tail(stdout) + "\n--- " + stderr + " ---\n" + tail(stderr);
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

    private static String tail(Path file) {
        List<String> all = lines(file);
        return String.join("\n", all.subList(Math.max(0, all.size() - 40), all.size()));
    }

    private static List<String> lines(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of("(cannot read " + file + ": " + e + ")");
        }
    }

    /** One line of {@code ASSIGNED}: what a spout task holds after a rebalance, and when (epoch ms). */
    record Assignment(int task, long atMillis, Set<Integer> partitions) {
    }
}
