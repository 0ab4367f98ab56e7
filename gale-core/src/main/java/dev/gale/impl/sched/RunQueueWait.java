package dev.gale.impl.sched;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How long a thread has waited, runnable, for a CPU since it started: the second field of Linux's
 * per-thread {@code schedstat}. The watchdog tells a call that blocks (sleeping, waiting on I/O,
 * or computing) from one whose thread is merely not being scheduled on a machine with more
 * runnable threads than cores; only the first should take a thread of its own.
 *
 * <p>Elsewhere than on Linux, or without {@code /proc}, every read answers -1 (unknown), and the
 * watchdog counts time as it always did. Stateless and thread-safe.
 */
final class RunQueueWait {
    /** Unknown: not Linux, no /proc, or the thread is gone. */
    static final long UNKNOWN = -1;

    private RunQueueWait() {
    }

    /** The calling thread's id in the kernel, or {@link #UNKNOWN}. */
    static long currentThreadId() {
        try {
            // "/proc/thread-self" links to "<pid>/task/<tid>".
            Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            return Long.parseLong(link.getFileName().toString());
        } catch (IOException | UnsupportedOperationException | SecurityException | NumberFormatException e) {
            return UNKNOWN;
        }
    }

    /** Nanoseconds the thread with kernel id {@code tid} of this process has spent waiting for a CPU, or {@link #UNKNOWN}. */
    static long nanos(long tid) {
        if (tid < 0) {
            return UNKNOWN;
        }
        try {
            String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/schedstat"), StandardCharsets.US_ASCII);
            String[] f = stat.trim().split(" ");
            return f.length >= 2 ? Long.parseLong(f[1]) : UNKNOWN;
        } catch (IOException | SecurityException | NumberFormatException e) {
            return UNKNOWN;
        }
    }
}
