package dev.gale.stats;

import java.util.List;

/**
 * Counters of one component: its tasks' figures and their sums, and its latest errors. Immutable.
 *
 * @param kind "spout", "bolt" or "acker"
 * @param queueDepth messages waiting in the receive queues of the component's executors, each
 *     queue counted once: the tasks of one executor share its queue, so this is not the sum of
 *     {@link TaskStats#queueDepth()} over the tasks when a component has more tasks than executors
 */
public record ComponentStats(String componentId, String kind, List<TaskStats> tasks, List<ErrorInfo> lastErrors,
                             int queueDepth) {

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

    /** Emitted and transferred per output stream over the tasks, by stream id (Gale addition). */
    public List<StreamStats> streams() {
        java.util.Map<String, long[]> sums = new java.util.TreeMap<>();
        for (TaskStats t : tasks) {
            for (StreamStats s : t.streams()) {
                long[] a = sums.computeIfAbsent(s.streamId(), k -> new long[2]);
                a[0] += s.emitted();
                a[1] += s.transferred();
            }
        }
        List<StreamStats> out = new java.util.ArrayList<>();
        sums.forEach((id, a) -> out.add(new StreamStats(id, a[0], a[1])));
        return out;
    }

    /** Mean execute latency over the tasks, weighted by executed count. */
    public double executeLatencyMs() {
        long n = executed();
        return n == 0 ? 0 : tasks.stream().mapToDouble(t -> t.executeLatencyMs() * t.executed()).sum() / n;
    }
}
