package dev.gale.impl.stats;

import dev.gale.impl.util.LeadingPad;
import dev.gale.spout.FailureReason;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.StreamStats;
import dev.gale.stats.TaskStats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Live counters of one task. Written only by the task's executor thread, with opaque stores that
 * cost no fence; read by any thread (a reading may lag slightly, never tears).
 */
public final class TaskMetrics extends TaskMetricsPad {
    private static final VarHandle EXECUTED;
    private static final VarHandle ACKED;
    private static final VarHandle FAILED;
    private static final VarHandle TIMED_OUT;
    private static final VarHandle EXECUTE_NANOS;
    private static final VarHandle TIMED;
    private static final VarHandle REASONS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final FailureReason[] ALL_REASONS = FailureReason.values();

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            EXECUTED = l.findVarHandle(TaskMetricsFields.class, "executed", long.class);
            ACKED = l.findVarHandle(TaskMetricsFields.class, "acked", long.class);
            FAILED = l.findVarHandle(TaskMetricsFields.class, "failed", long.class);
            TIMED_OUT = l.findVarHandle(TaskMetricsFields.class, "timedOut", long.class);
            EXECUTE_NANOS = l.findVarHandle(TaskMetricsFields.class, "executeNanos", long.class);
            TIMED = l.findVarHandle(TaskMetricsFields.class, "timed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String componentId;
    private final int taskId;
    /**
     * Failures by reason ({@link FailureReason} ordinal): a spout task's trees, a bolt task's
     * inputs. Apart from the hot counters: written only on the rare fail path.
     */
    private final long[] byReason = new long[ALL_REASONS.length];
    private final SingleWriterRecorder completeLatencyMicros;
    private final Histogram completeLatencyTotal;

    public TaskMetrics(String componentId, int taskId, boolean tracksCompleteLatency) {
        this.componentId = componentId;
        this.taskId = taskId;
        this.completeLatencyMicros = tracksCompleteLatency ? new SingleWriterRecorder(TimeUnit.HOURS.toMicros(1), 3) : null;
        this.completeLatencyTotal = tracksCompleteLatency ? new Histogram(TimeUnit.HOURS.toMicros(1), 3) : null;
    }

    public String componentId() {
        return componentId;
    }

    public int taskId() {
        return taskId;
    }

    /** Counts an executed tuple; {@code nanos} is its timing when sampled, else negative. */
    public void executed(long nanos) {
        EXECUTED.setOpaque(this, executed + 1);
        if (nanos >= 0) {
            EXECUTE_NANOS.setOpaque(this, executeNanos + nanos);
            TIMED.setOpaque(this, timed + 1);
        }
    }

    /** Makes a counter for each output stream, for the emitter to bump; call once, before the task runs. */
    public StreamCounter[] streamCounters(Collection<String> streamIds) {
        List<StreamCounter> list = new ArrayList<>();
        for (String id : new TreeSet<>(streamIds)) {
            list.add(new StreamCounter(id));
        }
        streams = List.copyOf(list);
        return list.toArray(new StreamCounter[0]);
    }

    public void acked() {
        ACKED.setOpaque(this, acked + 1);
    }

    public void failed() {
        FAILED.setOpaque(this, failed + 1);
    }

    /** Counts a fail, and its reason: a spout task's tree or a bolt task's input. */
    public void failed(FailureReason reason) {
        failed();
        countReason(reason);
    }

    private void countReason(FailureReason reason) {
        int i = reason.ordinal();
        REASONS.setOpaque(byReason, i, byReason[i] + 1);
    }

    /** Counts a spout tree that timed out: a fail too, counted apart so a UI can tell them apart. */
    public void timedOut() {
        failed();
        TIMED_OUT.setOpaque(this, timedOut + 1);
        countReason(FailureReason.TIMEOUT);
    }

    /** Failures so far by reason, the reasons never seen left out; any thread. */
    public Map<FailureReason, Long> failuresByReason() {
        EnumMap<FailureReason, Long> out = new EnumMap<>(FailureReason.class);
        for (FailureReason r : ALL_REASONS) {
            long n = (long) REASONS.getOpaque(byReason, r.ordinal());
            if (n != 0) {
                out.put(r, n);
            }
        }
        return out;
    }

    /** Counts a completed tree (spout tasks) and records its latency, unless it was not timed (negative). */
    public void completed(long latencyNanos) {
        acked();
        if (latencyNanos >= 0) {
            completeLatencyMicros.recordValue(Math.min(TimeUnit.HOURS.toMicros(1), latencyNanos / 1000));
        }
    }

    /** Tuples executed so far; any thread. */
    public long executedCount() {
        return (long) EXECUTED.getOpaque(this);
    }

    /** Tuples emitted so far over every stream; any thread. */
    public long emittedTotal() {
        long n = 0;
        for (StreamCounter c : streams) {
            n += c.emittedCount();
        }
        return n;
    }

    public long ackedCount() {
        return (long) ACKED.getOpaque(this);
    }

    public long failedCount() {
        return (long) FAILED.getOpaque(this);
    }

    /** A snapshot; {@code queueDepth} is that of the executor's inbox, shared by its tasks. */
    public TaskStats snapshot(int queueDepth) {
        long ex = (long) EXECUTED.getOpaque(this);
        long exNanos = (long) EXECUTE_NANOS.getOpaque(this);
        long timedCount = (long) TIMED.getOpaque(this);
        // The task's emitted and transferred counts are its streams' sums: an emit bumps only its
        // stream's counter, two stores fewer per tuple.
        List<StreamStats> streamStats = streamStats();
        long emitted = 0;
        long transferred = 0;
        for (StreamStats st : streamStats) {
            emitted += st.emitted();
            transferred += st.transferred();
        }
        return new TaskStats(componentId, taskId, emitted, transferred,
                ex, (long) ACKED.getOpaque(this), (long) FAILED.getOpaque(this),
                timedCount == 0 ? 0 : exNanos / 1e6 / timedCount, completeLatency(), queueDepth,
                (long) TIMED_OUT.getOpaque(this), streamStats, failuresByReason());
    }

    private List<StreamStats> streamStats() {
        List<StreamStats> out = new ArrayList<>();
        for (StreamCounter c : streams) {
            out.add(c.snapshot());
        }
        return List.copyOf(out);
    }

    /** The complete latency so far (spout tasks), else null. */
    public LatencySummary completeLatency() {
        if (completeLatencyMicros == null) {
            return null;
        }
        Histogram h = completeLatencyHistogram();
        return summarize(h);
    }

    /** A copy of the complete-latency histogram in microseconds (spout tasks). */
    public synchronized Histogram completeLatencyHistogram() {
        completeLatencyTotal.add(completeLatencyMicros.getIntervalHistogram());
        return completeLatencyTotal.copy();
    }

    public static LatencySummary summarize(Histogram micros) {
        if (micros == null || micros.getTotalCount() == 0) {
            return LatencySummary.EMPTY;
        }
        return new LatencySummary(micros.getTotalCount(), micros.getMean() / 1000.0,
                micros.getValueAtPercentile(50) / 1000.0, micros.getValueAtPercentile(99) / 1000.0,
                micros.getValueAtPercentile(99.9) / 1000.0, micros.getMaxValue() / 1000.0);
    }
}

/** The fields of {@link TaskMetrics} that change after construction, in front of its trailing pad. */
abstract class TaskMetricsFields extends LeadingPad {
    long executed;
    long acked;
    long failed;
    long timedOut;
    long executeNanos;
    long timed;
    /** Set once, before the executor starts; read by snapshots. */
    volatile List<StreamCounter> streams = List.of();
}

/** 128 bytes between {@link TaskMetricsFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class TaskMetricsPad extends TaskMetricsFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
