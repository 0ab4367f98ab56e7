package dev.gale.benchmarks.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The share of the machine's CPU time that the hypervisor gave to other guests ("steal") over an
 * interval, read from the first line of {@code /proc/stat} before and after. On a shared virtual
 * machine a run's speed follows it: when the host takes a fifth of the CPU away, every engine's
 * run slows, and a run's figures mean little without it. Immutable; thread-safe.
 */
record HostSteal(long steal, long total) {
    /** The machine's counters now, or null where {@code /proc/stat} cannot be read (off Linux). */
    static HostSteal now() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
            return lines.isEmpty() ? null : parse(lines.get(0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Reads the aggregate {@code cpu} line: user, nice, system, idle, iowait, irq, softirq, steal,
     * then guest times, which user and nice already include. Null for any other line.
     */
    static HostSteal parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 9 || !f[0].equals("cpu")) {
            return null;
        }
        long total = 0;
        for (int i = 1; i <= 8; i++) {
            total += Long.parseLong(f[i]);
        }
        return new HostSteal(Long.parseLong(f[8]), total);
    }

    /** Percent of all CPU time between {@code before} and this that was stolen; NaN if unknown or no time passed. */
    double percentSince(HostSteal before) {
        if (before == null || total <= before.total) {
            return Double.NaN;
        }
        return 100.0 * (steal - before.steal) / (total - before.total);
    }
}
