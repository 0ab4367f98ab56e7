package dev.gale.stats;

import dev.gale.spout.FailureReason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counters of one component: its tasks' figures and their sums, and its latest errors. Immutable.
 *
 * @param queueDepth messages waiting in the receive queues of the component's executors, each
 *     queue counted once: the tasks of one executor share its queue, so this is not the sum of
 *     {@link TaskStats#queueDepth()} over the tasks when a component has more tasks than executors
 * @param queueCapacity how many messages those receive queues hold together (Gale addition)
 * @param pendingTrees trees the component keeps track of (Gale addition): a spout's emitted and not
 *     yet acked, failed or timed out; the acker's, in its table; 0 for bolts
 * @param trackingBytes memory of the tables that track those trees (Gale addition): a spout's
 *     pending map, the acker's table; 0 for bolts
 */
public record ComponentStats(String componentId, ComponentKind kind, List<TaskStats> tasks, List<ErrorInfo> lastErrors,
                             int queueDepth, int queueCapacity, long pendingTrees, long trackingBytes) {

    /** Stats without queue capacity, pending trees and tracking memory (all 0). */
    public ComponentStats(String componentId, ComponentKind kind, List<TaskStats> tasks, List<ErrorInfo> lastErrors,
                          int queueDepth) {
        this(componentId, kind, tasks, lastErrors, queueDepth, 0, 0, 0);
    }

    public long emitted() {
        return tasks.stream().mapToLong(TaskStats::emitted).sum();
    }

    public long transferred() {
        return tasks.stream().mapToLong(TaskStats::transferred).sum();
    }

    public long executed() {
        return tasks.stream().mapToLong(TaskStats::executed).sum();
    }

    public long acked() {
        return tasks.stream().mapToLong(TaskStats::acked).sum();
    }

    public long failed() {
        return tasks.stream().mapToLong(TaskStats::failed).sum();
    }

    /** Spouts: trees among {@link #failed()} that timed out (Gale addition). */
    public long timedOut() {
        return tasks.stream().mapToLong(TaskStats::timedOut).sum();
    }

    /**
     * Failures by reason over the tasks, reasons never seen left out (Gale addition): see
     * {@link TaskStats#failures()} for what a spout's and a bolt's counts mean.
     */
    public Map<FailureReason, Long> failures() {
        Map<FailureReason, Long> sums = new EnumMap<>(FailureReason.class);
        for (TaskStats t : tasks) {
            t.failures().forEach((r, n) -> sums.merge(r, n, Long::sum));
        }
        return Collections.unmodifiableMap(sums);
    }

    /** Failures of one reason over the tasks (Gale addition); 0 if none. */
    public long failures(FailureReason reason) {
        return tasks.stream().mapToLong(t -> t.failures(reason)).sum();
    }

    /** Emitted and transferred per output stream over the tasks, by stream id (Gale addition). */
    public List<StreamStats> streams() {
        Map<String, long[]> sums = new TreeMap<>();
        for (TaskStats t : tasks) {
            for (StreamStats s : t.streams()) {
                long[] a = sums.computeIfAbsent(s.streamId(), k -> new long[2]);
                a[0] += s.emitted();
                a[1] += s.transferred();
            }
        }
        List<StreamStats> out = new ArrayList<>();
        sums.forEach((id, a) -> out.add(new StreamStats(id, a[0], a[1])));
        return out;
    }

    /** Mean execute latency over the tasks, weighted by executed count. */
    public double executeLatencyMs() {
        long n = executed();
        return n == 0 ? 0 : tasks.stream().mapToDouble(t -> t.executeLatencyMs() * t.executed()).sum() / n;
    }
}
