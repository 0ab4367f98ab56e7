package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs the checkout's {@code ./gale} script as a user types it, in a directory of the test's, on
 * the classpath the package phase wrote ({@code GALE_NO_BUILD}: no Maven build inside the build).
 * Each run carries a marker in its environment, which every process it starts inherits, so a test
 * can tell whether anything it started outlived it.
 */
final class Launcher {
    private static final Path REPO = Paths.get(System.getProperty("gale.repo.dir", "..")).toAbsolutePath().normalize();
    static final String MARKER = "GALE_LAUNCHER_RUN";

    private final Path workDir;
    private final Map<String, String> env = new LinkedHashMap<>();
    private Duration timeout = Duration.ofSeconds(120);

    Launcher(Path workDir) {
        this.workDir = workDir;
    }

    static Path repo() {
        return REPO;
    }

    Launcher env(String name, String value) {
        env.put(name, value);
        return this;
    }

    Launcher timeout(Duration t) {
        this.timeout = t;
        return this;
    }

    /** Runs {@code gale args...} to its end (killed, with every process it started, at the timeout). */
    Run run(String... args) {
        Started s = start(args);
        return s.await(timeout);
    }

    /** Starts {@code gale args...} and returns at once. */
    Started start(String... args) {
        String marker = UUID.randomUUID().toString();
        List<String> command = new ArrayList<>();
        command.add(REPO.resolve("gale").toString());
        command.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
        pb.environment().put("GALE_NO_BUILD", "1");
        pb.environment().put(MARKER, marker);
        pb.environment().remove("CLASSPATH");
        pb.environment().putAll(env);
        try {
            Path out = Files.createTempFile(workDir, "gale-out", ".txt");
            Path err = Files.createTempFile(workDir, "gale-err", ".txt");
            pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            Process p = pb.start();
            p.getOutputStream().close();
            return new Started(String.join(" ", args), p, marker, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A launched command. */
    static final class Started {
        final String command;
        final Process process;
        final String marker;
        final Path out;
        final Path err;

        Started(String command, Process process, String marker, Path out, Path err) {
            this.command = command;
            this.process = process;
            this.marker = marker;
            this.out = out;
            this.err = err;
        }

        String outSoFar() {
            return read(out);
        }

        Run await(Duration timeout) {
            boolean ended;
            try {
                ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ended = false;
            }
            if (!ended) {
                killTree(process.toHandle());
            }
            Run run = new Run(command, ended ? process.exitValue() : -1, read(out), read(err), marker);
            assertThat(ended).as("gale %s did not end within %s; output:%n%s%n%s", command, timeout, run.out, run.err)
                    .isTrue();
            return run;
        }
    }

    static void killTree(ProcessHandle root) {
        root.descendants().forEach(ProcessHandle::destroyForcibly);
        root.destroyForcibly();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The live processes whose environment holds {@code marker} (Linux: read from /proc; elsewhere
     * an empty list, the check is skipped).
     */
    static List<String> processesMarked(String marker) {
        Path proc = Paths.get("/proc");
        if (!Files.isDirectory(proc.resolve("self"))) {
            return List.of();
        }
        byte[] needle = (MARKER + "=" + marker).getBytes(StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        try (Stream<Path> entries = Files.list(proc)) {
            for (Path dir : (Iterable<Path>) entries::iterator) {
                String name = dir.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    byte[] environ = Files.readAllBytes(dir.resolve("environ"));
                    if (indexOf(environ, needle) >= 0) {
                        out.add(name + " " + ProcessHandle.of(Long.parseLong(name))
                                .flatMap(h -> h.info().commandLine()).orElse("?"));
                    }
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile, or not ours to read
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (i > 0 && hay[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
