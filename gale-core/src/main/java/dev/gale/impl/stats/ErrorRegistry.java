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
 * API. Thread-safe.
 */
public final class ErrorRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorRegistry.class);
    private static final int KEEP = 10;

    private final String topologyName;
    private final Map<String, Deque<ErrorInfo>> byComponent = new HashMap<>();
    private long total;

    public ErrorRegistry(String topologyName) {
        this.topologyName = topologyName;
    }

    /** Logs and keeps an error. */
    public void report(String componentId, int taskId, String what, Throwable error) {
        LOG.error("topology '{}', component '{}', task {}: {}", topologyName, componentId, taskId, what, error);
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
