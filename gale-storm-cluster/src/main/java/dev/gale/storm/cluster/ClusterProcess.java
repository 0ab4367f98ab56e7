package dev.gale.storm.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One process of a running cluster as the operating system sees it (Linux {@code /proc}): its pid,
 * its role and, for a worker, its topology and port. Immutable and thread-safe.
 *
 * @param pid        the process id
 * @param role       {@code zookeeper}, {@code nimbus}, {@code supervisor}, {@code worker} or {@code logwriter}
 * @param topologyId a worker's topology id, else null
 * @param port       a worker's slot port, else 0
 */
public record ClusterProcess(long pid, String role, String topologyId, int port) {
    static final String WORKER_MAIN = "org.apache.storm.daemon.worker.Worker";
    static final String LOG_WRITER_MAIN = "org.apache.storm.LogWriter";

    /** Every live process whose command line carries {@code marker} (a cluster's {@code -Dstorm.home=...}). */
    static List<ClusterProcess> find(String marker) {
        List<ClusterProcess> out = new ArrayList<>();
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                String name = d.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                List<String> args = commandLine(d);
                if (args.contains(marker)) {
                    out.add(of(Long.parseLong(name), args));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list the processes in /proc (the cluster needs Linux): " + e, e);
        }
        return out;
    }

    private static List<String> commandLine(Path procDir) {
        try {
            byte[] b = Files.readAllBytes(procDir.resolve("cmdline"));
            return Arrays.asList(new String(b, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException | SecurityException e) {
            return List.of(); // gone meanwhile, or not ours to read
        }
    }

    private static ClusterProcess of(long pid, List<String> args) {
        if (args.contains(LOG_WRITER_MAIN)) {
            return new ClusterProcess(pid, "logwriter", null, 0); // its arguments hold the worker's command too
        }
        int w = args.indexOf(WORKER_MAIN);
        if (w >= 0 && args.size() > w + 4) {
            // Worker's arguments: topology id, supervisor id, supervisor port, slot port, worker id.
            return new ClusterProcess(pid, "worker", args.get(w + 1), Integer.parseInt(args.get(w + 4)));
        }
        for (String a : args) {
            if (a.startsWith("-Dgale.storm.role=")) {
                return new ClusterProcess(pid, a.substring("-Dgale.storm.role=".length()), null, 0);
            }
        }
        return new ClusterProcess(pid, "other", null, 0);
    }

    /** Resident memory now, in bytes (VmRSS), or 0 if the process is gone. */
    public long rssBytes() {
        return statusKb("VmRSS:") * 1024;
    }

    /** Peak resident memory over the process's life, in bytes (VmHWM), or 0 if the process is gone. */
    public long peakRssBytes() {
        return statusKb("VmHWM:") * 1024;
    }

    /** Whether the process still runs (a zombie does not). */
    public boolean alive() {
        return !stopped(pid);
    }

    /** True if the process is gone or a zombie (stopped, waiting for its parent to reap it). */
    static boolean stopped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    private long statusKb(String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    /** The process handle, if it still runs. */
    public Optional<ProcessHandle> handle() {
        return ProcessHandle.of(pid);
    }

    @Override
    public String toString() {
        return role + (port > 0 ? " " + port : "") + " (pid " + pid + ")";
    }
}
