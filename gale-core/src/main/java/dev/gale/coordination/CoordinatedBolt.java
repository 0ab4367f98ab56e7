package dev.gale.coordination;

import dev.gale.Constants;
import dev.gale.generated.GlobalStreamId;
import dev.gale.task.IOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TaskTimer;
import dev.gale.task.TopologyContext;
import dev.gale.topology.FailedException;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.RotatingMap;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wraps a bolt of a linear DRPC pipeline and finds out when it has seen every tuple of a request
 * (the first field of every tuple is the request id). Storm's protocol: a bolt that has finished a
 * request tells each task of the next bolt, on the direct {@link Constants#COORDINATED_STREAM_ID}
 * stream, how many of the request's tuples it sent that task; a task has finished the request once
 * every task upstream has reported ({@link SourceArgs}: one report, or one per upstream task), it
 * has acked as many of the request's tuples as it was told of, and (for the bolt given an
 * {@link IdStreamSpec}) it has received the request's id. Then a {@link FinishedCallback} bolt
 * (a {@link BatchBoltExecutor}) is told ({@code finishBatch}), and the next bolt's tasks get the
 * counts in turn. A failed tuple fails the request.
 *
 * <p>Requests nobody finishes are forgotten after the message timeout (a {@link TimeoutCallback}
 * bolt is told), on the task's timer, so on the topology's clock. Everything runs on the task's
 * executor thread. Not thread-safe: one per task.
 */
public class CoordinatedBolt implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(CoordinatedBolt.class);
    private static final Fields COUNT_FIELDS = new Fields("id", "count");

    private final Map<String, SourceArgs> sourceArgs;
    private final IdStreamSpec idStreamSpec;
    private final IRichBolt delegate;
    private transient int reportsExpected;
    private transient List<Integer> countReaders;
    private transient OutputCollector collector;
    private transient RotatingMap<Object, TrackingInfo> tracked;
    private transient TaskTimer.Scheduled expiry;

    public CoordinatedBolt(IRichBolt delegate) {
        this(delegate, null, null);
    }

    public CoordinatedBolt(IRichBolt delegate, String sourceComponent, SourceArgs sourceArgs, IdStreamSpec idStreamSpec) {
        this(delegate, Collections.singletonMap(sourceComponent, sourceArgs), idStreamSpec);
    }

    public CoordinatedBolt(IRichBolt delegate, Map<String, SourceArgs> sourceArgs, IdStreamSpec idStreamSpec) {
        this.sourceArgs = sourceArgs == null ? new HashMap<>() : new HashMap<>(sourceArgs);
        this.delegate = delegate;
        this.idStreamSpec = idStreamSpec;
    }

    @Override
    public void prepare(Map<String, Object> config, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        tracked = new RotatingMap<>(3, delegate instanceof TimeoutCallback timeouts ? (id, info) -> expired(timeouts, id, info) : null);
        expiry = scheduleExpiry(context);
        countReaders = context.getThisTargets().getOrDefault(Constants.COORDINATED_STREAM_ID, Map.of()).keySet().stream()
                .flatMap(reader -> context.getComponentTasks(reader).stream())
                .toList();
        reportsExpected = sourceArgs.entrySet().stream()
                .mapToInt(source -> source.getValue().singleCount ? 1 : context.getComponentTasks(source.getKey()).size())
                .sum();
        OutputCollector counting = new OutputCollector(new CoordinatedOutputCollector(collector));
        delegate.prepare(config, context, counting);
    }

    /**
     * Rotates the request ledger every half message timeout, so a request nobody finished is
     * forgotten between one and one and a half timeouts after it was first seen.
     */
    private TaskTimer.Scheduled scheduleExpiry(TopologyContext context) {
        long halfTimeoutMs = Math.max(1, context.maxTopologyMessageTimeout() * 1000L / 2);
        try {
            return context.getTaskTimer().schedule(halfTimeoutMs, due -> tracked.rotate());
        } catch (UnsupportedOperationException noTimer) {
            return null; // a context built by hand: unfinished requests are kept
        }
    }

    private void expired(TimeoutCallback timeouts, Object id, TrackingInfo info) {
        info.failed = true;
        if (!info.finished) {
            timeouts.timeoutId(id);
        }
    }

    @Override
    public void execute(Tuple tuple) {
        TupleType kind = kindOf(tuple);
        Object id = tuple.getValue(0);
        TrackingInfo info = tracked.get(id);
        if (info == null) {
            info = new TrackingInfo();
            // Without an id stream, a request counts as announced as soon as anything of it arrives.
            info.receivedId = idStreamSpec == null;
            tracked.put(id, info);
        }
        if (kind == TupleType.REGULAR) {
            delegate.execute(tuple);
            return;
        }
        if (kind == TupleType.ID) {
            info.receivedId = true;
        } else {
            info.reportCount++;
            info.expectedTupleCount += ((Number) tuple.getValue(1)).intValue();
        }
        settle(tuple, kind);
    }

    /**
     * Finishes or abandons the request {@code trigger} belongs to when it can, and acks or fails a
     * count or id tuple that does not hold the request open. Returns true if the request failed.
     */
    private boolean settle(Tuple trigger, TupleType kind) {
        Object id = trigger.getValue(0);
        TrackingInfo info = tracked.get(id);
        if (info == null) {
            if (kind != TupleType.REGULAR) {
                collector.fail(trigger); // news of a request already forgotten (timed out)
            }
            return false;
        }
        // The last piece of news the request waits for stays unacked until it finishes: its tuple
        // tree keeps the request's spout tuple pending meanwhile.
        boolean holdsRequestOpen = kind == (idStreamSpec == null ? TupleType.COORD : TupleType.ID);
        if (holdsRequestOpen) {
            info.ackTuples.add(trigger);
        }
        boolean failed = info.failed;
        try {
            if (failed) {
                abandon(id, info);
            } else if (isComplete(info)) {
                finish(id, info, trigger);
            }
        } catch (FailedException e) {
            LOG.warn("Request {} failed while finishing; failing its tuples", id, e);
            abandon(id, info);
            failed = true;
        }
        if (!holdsRequestOpen && kind != TupleType.REGULAR) {
            if (failed) {
                collector.fail(trigger);
            } else {
                collector.ack(trigger);
            }
        }
        return failed;
    }

    private boolean isComplete(TrackingInfo info) {
        boolean allCounted = info.reportCount == reportsExpected && info.expectedTupleCount == info.receivedTuples;
        return info.receivedId && (sourceArgs.isEmpty() || allCounted);
    }

    /** Tells the bolt, passes each downstream task its count (anchored to {@code trigger}), releases held tuples. */
    private void finish(Object id, TrackingInfo info, Tuple trigger) {
        if (delegate instanceof FinishedCallback finished) {
            finished.finishedId(id);
        }
        for (int reader : countReaders) {
            List<Object> report = new Values(id, info.taskEmittedTuples.getOrDefault(reader, 0));
            collector.emitDirect(reader, Constants.COORDINATED_STREAM_ID, trigger, report);
        }
        info.ackTuples.forEach(collector::ack);
        info.finished = true;
        tracked.remove(id);
    }

    private void abandon(Object id, TrackingInfo info) {
        info.ackTuples.forEach(collector::fail);
        tracked.remove(id);
    }

    @Override
    public void cleanup() {
        if (expiry != null) {
            expiry.cancel();
        }
        delegate.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        delegate.declareOutputFields(declarer);
        declarer.declareStream(Constants.COORDINATED_STREAM_ID, true, COUNT_FIELDS);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return delegate.getComponentConfiguration();
    }

    private TupleType kindOf(Tuple tuple) {
        if (idStreamSpec != null && idStreamSpec.id.equals(tuple.getSourceGlobalStreamId())) {
            return TupleType.ID;
        }
        boolean countReport = Constants.COORDINATED_STREAM_ID.equals(tuple.getSourceStreamId());
        return countReport && !sourceArgs.isEmpty() ? TupleType.COORD : TupleType.REGULAR;
    }

    enum TupleType {
        REGULAR, ID, COORD
    }

    /** A bolt told when a request is complete. */
    public interface FinishedCallback {
        void finishedId(Object id);
    }

    /** A bolt told when a request was forgotten unfinished, after the message timeout. */
    public interface TimeoutCallback {
        void timeoutId(Object id);
    }

    /** How many reports a source sends per request: one ({@link #single()}) or one per task ({@link #all()}). */
    public static class SourceArgs implements Serializable {
        private static final long serialVersionUID = 1L;
        public boolean singleCount;

        protected SourceArgs(boolean singleCount) {
            this.singleCount = singleCount;
        }

        public static SourceArgs single() {
            return new SourceArgs(true);
        }

        public static SourceArgs all() {
            return new SourceArgs(false);
        }

        @Override
        public String toString() {
            return singleCount ? "SourceArgs(one report)" : "SourceArgs(a report per task)";
        }
    }

    /** What a task knows of one request. Not thread-safe: the task's executor thread only. */
    public static class TrackingInfo {
        int reportCount;
        int expectedTupleCount;
        int receivedTuples;
        boolean failed;
        final Map<Integer, Integer> taskEmittedTuples = new HashMap<>();
        boolean receivedId;
        boolean finished;
        /** Tuples acked or failed only when the request finishes or fails. */
        final List<Tuple> ackTuples = new ArrayList<>();

        @Override
        public String toString() {
            return String.format("request progress: %d report(s) announcing %d tuple(s), %d acked, sent per task %s%s",
                    reportCount, expectedTupleCount, receivedTuples, taskEmittedTuples, failed ? ", failed" : "");
        }
    }

    /** The stream that brings the wrapped bolt each request's id (the last bolt of a linear DRPC topology). */
    public static class IdStreamSpec implements Serializable {
        private static final long serialVersionUID = 1L;
        GlobalStreamId id;

        protected IdStreamSpec(String component, String stream) {
            id = new GlobalStreamId(component, stream);
        }

        public static IdStreamSpec makeDetectSpec(String component, String stream) {
            return new IdStreamSpec(component, stream);
        }

        public GlobalStreamId getGlobalStreamId() {
            return id;
        }
    }

    /** The wrapped bolt's collector: counts what it sends each task, and finishes requests as it acks. */
    public class CoordinatedOutputCollector implements IOutputCollector {
        private final IOutputCollector out;

        public CoordinatedOutputCollector(IOutputCollector delegate) {
            this.out = delegate;
        }

        @Override
        public List<Integer> emit(String stream, Collection<Tuple> anchors, List<Object> tuple) {
            List<Integer> receivers = out.emit(stream, anchors, tuple);
            countSent(tuple.get(0), receivers);
            return receivers;
        }

        @Override
        public void emitDirect(int task, String stream, Collection<Tuple> anchors, List<Object> tuple) {
            countSent(tuple.get(0), List.of(task));
            out.emitDirect(task, stream, anchors, tuple);
        }

        @Override
        public void ack(Tuple tuple) {
            TrackingInfo info = tracked.get(tuple.getValue(0));
            if (info != null) {
                info.receivedTuples++;
            }
            boolean requestFailed = settle(tuple, TupleType.REGULAR);
            if (requestFailed) {
                out.fail(tuple);
            } else {
                out.ack(tuple);
            }
        }

        @Override
        public void fail(Tuple tuple) {
            TrackingInfo info = tracked.get(tuple.getValue(0));
            if (info != null) {
                info.failed = true;
            }
            settle(tuple, TupleType.REGULAR);
            out.fail(tuple);
        }

        @Override
        public void flush() {
            out.flush();
        }

        @Override
        public void resetTimeout(Tuple tuple) {
            out.resetTimeout(tuple);
        }

        @Override
        public void reportError(Throwable error) {
            out.reportError(error);
        }

        private void countSent(Object id, List<Integer> receivers) {
            TrackingInfo info = tracked.get(id);
            if (info != null) {
                receivers.forEach(task -> info.taskEmittedTuples.merge(task, 1, Integer::sum));
            }
        }
    }
}
