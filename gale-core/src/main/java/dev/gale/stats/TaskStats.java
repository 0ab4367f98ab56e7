package dev.gale.stats;

import dev.gale.spout.FailureReason;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Counters of one task at one moment. Immutable.
 *
 * @param emitted tuples emitted (once per emit call)
 * @param transferred tuple copies sent to target tasks
 * @param executed tuples executed (bolts; ticks included)
 * @param acked bolts: inputs acked; spouts: tuple trees completed
 * @param failed bolts: inputs failed; spouts: trees failed or timed out
 * @param executeLatencyMs mean time spent in execute, milliseconds, on the topology's clock (timed on
 *     one tuple in 32 on real time, every tuple on simulated time)
 * @param completeLatency spouts: time from emit to completed tree; null for bolts
 * @param queueDepth messages waiting in the receive queue of the task's executor, a queue all the
 *     tasks of that executor share (for a component's total see {@link ComponentStats#queueDepth()})
 * @param timedOut spouts: the trees among {@code failed} that failed by timing out rather than by an
 *     explicit fail (Gale addition); 0 for bolts
 * @param streams emitted and transferred per output stream, by stream id (Gale addition)
 * @param failures failures by reason, reasons never seen left out (Gale addition): a spout task's
 *     trees; a bolt task's inputs it failed ({@code FAILED}, {@code THREW}) and the timed-out trees
 *     that sampled tracing ({@code gale.trace.sample}) found it holding tuples of ({@code TIMEOUT})
 */
public record TaskStats(String componentId, int taskId, long emitted, long transferred, long executed, long acked,
                        long failed, double executeLatencyMs, LatencySummary completeLatency, int queueDepth,
                        long timedOut, List<StreamStats> streams,
                        Map<FailureReason, Long> failures) {

    public TaskStats {
        failures = failures == null ? Map.of() : Collections.unmodifiableMap(
                failures.isEmpty() ? new EnumMap<>(FailureReason.class)
                        : new EnumMap<>(failures));
    }

    /** Same, without failures by reason (none): the shape before reasons were counted. */
    public TaskStats(String componentId, int taskId, long emitted, long transferred, long executed, long acked,
                     long failed, double executeLatencyMs, LatencySummary completeLatency, int queueDepth,
                     long timedOut, List<StreamStats> streams) {
        this(componentId, taskId, emitted, transferred, executed, acked, failed, executeLatencyMs, completeLatency,
                queueDepth, timedOut, streams, Map.of());
    }

    /** Failures of one reason (Gale addition); 0 if none. */
    public long failures(FailureReason reason) {
        return failures.getOrDefault(reason, 0L);
    }

    /** Same, without a timed-out count (0): the shape before timed-out trees were counted apart. */
    public TaskStats(String componentId, int taskId, long emitted, long transferred, long executed, long acked,
                     long failed, double executeLatencyMs, LatencySummary completeLatency, int queueDepth) {
        this(componentId, taskId, emitted, transferred, executed, acked, failed, executeLatencyMs, completeLatency,
                queueDepth, 0, List.of(), Map.of());
    }
}
