package dev.gale.impl.stats;

import dev.gale.stats.ErrorInfo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs errors with their component and task, and keeps the last few per component for the stats
 * API. A component that fails over and over would drown the log: past {@value #LOGS_PER_WINDOW}
 * errors per component in a minute, errors are only counted, and the count is logged with the
 * next error logged. Thread-safe.
 */
public final class ErrorRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorRegistry.class);
    private static final int KEEP = 10;
    private static final int LOGS_PER_WINDOW = 10;
    private static final long WINDOW_NANOS = 60_000_000_000L;

    private final String topologyName;
    private final Map<String, Deque<ErrorInfo>> byComponent = new HashMap<>();
    private final Map<String, long[]> logWindows = new HashMap<>();
    private long total;

    public ErrorRegistry(String topologyName) {
        this.topologyName = topologyName;
    }

    /** Logs and keeps an error. */
    public ErrorInfo report(String componentId, int taskId, String what, Throwable error) {
        long suppressed = admitLog(componentId);
        if (suppressed >= 0) {
            if (suppressed > 0) {
                LOG.error("topology '{}', component '{}': {} more errors were not logged in the last minute",
                        topologyName, componentId, suppressed);
            }
            LOG.error("topology '{}', component '{}', task {}: {}", topologyName, componentId, taskId, what, error);
        }
        return keep(componentId, taskId, what, error);
    }

    /** Logs and keeps an error that stops the topology: always logged, never rate-limited. */
    public ErrorInfo reportFatal(String componentId, int taskId, String what, Throwable error) {
        LOG.error("topology '{}', component '{}', task {}: {}", topologyName, componentId, taskId, what, error);
        return keep(componentId, taskId, what, error);
    }

    private ErrorInfo keep(String componentId, int taskId, String what, Throwable error) {
        StringWriter sw = new StringWriter();
        error.printStackTrace(new PrintWriter(sw));
        ErrorInfo info = new ErrorInfo(componentId, taskId, System.currentTimeMillis(), what + ": " + error, sw.toString());
        synchronized (this) {
            Deque<ErrorInfo> q = byComponent.computeIfAbsent(componentId, k -> new ArrayDeque<>());
            if (q.size() == KEEP) {
                q.removeFirst();
            }
            q.addLast(info);
            total++;
        }
        return info;
    }

    /** Returns -1 if this error should not be logged, else how many were suppressed before it. */
    private synchronized long admitLog(String componentId) {
        long now = System.nanoTime();
        long[] w = logWindows.computeIfAbsent(componentId, k -> new long[] {now, 0, 0});
        if (now - w[0] > WINDOW_NANOS) {
            w[0] = now;
            w[1] = 0;
        }
        if (w[1] < LOGS_PER_WINDOW) {
            w[1]++;
            long suppressed = w[2];
            w[2] = 0;
            return suppressed;
        }
        w[2]++;
        return -1;
    }

    /** The component's latest errors, oldest first. */
    public synchronized List<ErrorInfo> lastErrors(String componentId) {
        Deque<ErrorInfo> q = byComponent.get(componentId);
        return q == null ? Collections.emptyList() : Collections.unmodifiableList(new ArrayList<>(q));
    }

    /** Errors reported since the topology started. */
    public synchronized long totalReported() {
        return total;
    }
}
