package dev.gale.coordination;

import dev.gale.Constants;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
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

    private final Map<String, SourceArgs> sourceArgs;
    private final IdStreamSpec idStreamSpec;
    private final IRichBolt delegate;
    private transient Integer numSourceReports;
    private transient List<Integer> countOutTasks;
    private transient OutputCollector collector;
    private transient RotatingMap<Object, TrackingInfo> tracked;
    private transient TaskTimer.Scheduled expiry;

    public CoordinatedBolt(IRichBolt delegate) {
        this(delegate, null, null);
    }

    public CoordinatedBolt(IRichBolt delegate, String sourceComponent, SourceArgs sourceArgs, IdStreamSpec idStreamSpec) {
        this(delegate, singleSourceArgs(sourceComponent, sourceArgs), idStreamSpec);
    }

    public CoordinatedBolt(IRichBolt delegate, Map<String, SourceArgs> sourceArgs, IdStreamSpec idStreamSpec) {
        this.sourceArgs = sourceArgs == null ? new HashMap<>() : new HashMap<>(sourceArgs);
        this.delegate = delegate;
        this.idStreamSpec = idStreamSpec;
    }

    private static Map<String, SourceArgs> singleSourceArgs(String sourceComponent, SourceArgs sourceArgs) {
        Map<String, SourceArgs> m = new HashMap<>();
        m.put(sourceComponent, sourceArgs);
        return m;
    }

    @Override
    public void prepare(Map<String, Object> config, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        RotatingMap.ExpiredCallback<Object, TrackingInfo> onExpiry = null;
        if (delegate instanceof TimeoutCallback timeouts) {
            onExpiry = (id, info) -> expired(timeouts, id, info);
        }
        this.tracked = new RotatingMap<>(3, onExpiry);
        try {
            long half = Math.max(1, context.maxTopologyMessageTimeout() * 1000L / 2);
            expiry = context.getTaskTimer().schedule(half, due -> tracked.rotate());
        } catch (UnsupportedOperationException noTimer) {
            expiry = null; // a context built by hand: unfinished requests are kept
        }
        countOutTasks = new ArrayList<>();
        Map<String, Grouping> coordTargets = context.getThisTargets().get(Constants.COORDINATED_STREAM_ID);
        if (coordTargets != null) {
            for (String component : coordTargets.keySet()) {
                countOutTasks.addAll(context.getComponentTasks(component));
            }
        }
        if (!sourceArgs.isEmpty()) {
            int reports = 0;
            for (Map.Entry<String, SourceArgs> e : sourceArgs.entrySet()) {
                reports += e.getValue().singleCount ? 1 : context.getComponentTasks(e.getKey()).size();
            }
            numSourceReports = reports;
        }
        delegate.prepare(config, context, new OutputCollector(new CoordinatedOutputCollector(collector)));
    }

    private void expired(TimeoutCallback timeouts, Object id, TrackingInfo info) {
        info.failed = true;
        if (!info.finished) {
            timeouts.timeoutId(id);
        }
    }

    @Override
    public void execute(Tuple tuple) {
        Object id = tuple.getValue(0);
        TupleType type = typeOf(tuple);
        TrackingInfo track = tracked.get(id);
        if (track == null) {
            track = new TrackingInfo();
            track.receivedId = idStreamSpec == null;
            tracked.put(id, track);
        }
        switch (type) {
            case ID -> {
                track.receivedId = true;
                checkFinishId(tuple, type);
            }
            case COORD -> {
                track.reportCount++;
                track.expectedTupleCount += ((Number) tuple.getValue(1)).intValue();
                checkFinishId(tuple, type);
            }
            default -> delegate.execute(tuple);
        }
    }

    /** Finishes the request of {@code tup} if it is complete; true if the request failed. */
    private boolean checkFinishId(Tuple tup, TupleType type) {
        Object id = tup.getValue(0);
        TrackingInfo track = tracked.get(id);
        if (track == null) {
            if (type != TupleType.REGULAR) {
                collector.fail(tup); // a report for a request already forgotten (timed out)
            }
            return false;
        }
        boolean failed = false;
        try {
            boolean delayed = false;
            if (idStreamSpec == null && type == TupleType.COORD || idStreamSpec != null && type == TupleType.ID) {
                // The tuple that completes the request stays unacked until then: its tree holds the request open.
                track.ackTuples.add(tup);
                delayed = true;
            }
            if (track.failed) {
                failed = true;
                for (Tuple t : track.ackTuples) {
                    collector.fail(t);
                }
                tracked.remove(id);
            } else if (track.receivedId && (sourceArgs.isEmpty()
                    || track.reportCount == numSourceReports && track.expectedTupleCount == track.receivedTuples)) {
                if (delegate instanceof FinishedCallback finished) {
                    finished.finishedId(id);
                }
                for (int task : countOutTasks) {
                    int sent = track.taskEmittedTuples.getOrDefault(task, 0);
                    collector.emitDirect(task, Constants.COORDINATED_STREAM_ID, tup, new Values(id, sent));
                }
                for (Tuple t : track.ackTuples) {
                    collector.ack(t);
                }
                track.finished = true;
                tracked.remove(id);
            }
            if (!delayed && type != TupleType.REGULAR) {
                if (track.failed) {
                    collector.fail(tup);
                } else {
                    collector.ack(tup);
                }
            }
        } catch (FailedException e) {
            LOG.error("Failed to finish batch {}", id, e);
            for (Tuple t : track.ackTuples) {
                collector.fail(t);
            }
            tracked.remove(id);
            failed = true;
        }
        return failed;
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
        declarer.declareStream(Constants.COORDINATED_STREAM_ID, true, new Fields("id", "count"));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return delegate.getComponentConfiguration();
    }

    private TupleType typeOf(Tuple tuple) {
        if (idStreamSpec != null && tuple.getSourceGlobalStreamId().equals(idStreamSpec.id)) {
            return TupleType.ID;
        }
        if (!sourceArgs.isEmpty() && tuple.getSourceStreamId().equals(Constants.COORDINATED_STREAM_ID)) {
            return TupleType.COORD;
        }
        return TupleType.REGULAR;
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
            return "<Single: " + singleCount + ">";
        }
    }

    /** What a task knows of one request. */
    public static class TrackingInfo {
        int reportCount = 0;
        int expectedTupleCount = 0;
        int receivedTuples = 0;
        boolean failed = false;
        Map<Integer, Integer> taskEmittedTuples = new HashMap<>();
        boolean receivedId = false;
        boolean finished = false;
        List<Tuple> ackTuples = new ArrayList<>();

        @Override
        public String toString() {
            return "reportCount: " + reportCount + "\nexpectedTupleCount: " + expectedTupleCount + "\nreceivedTuples: "
                    + receivedTuples + "\nfailed: " + failed + "\n" + taskEmittedTuples;
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
        private final IOutputCollector delegate;

        public CoordinatedOutputCollector(IOutputCollector delegate) {
            this.delegate = delegate;
        }

        @Override
        public List<Integer> emit(String stream, Collection<Tuple> anchors, List<Object> tuple) {
            List<Integer> tasks = delegate.emit(stream, anchors, tuple);
            updateTaskCounts(tuple.get(0), tasks);
            return tasks;
        }

        @Override
        public void emitDirect(int task, String stream, Collection<Tuple> anchors, List<Object> tuple) {
            updateTaskCounts(tuple.get(0), List.of(task));
            delegate.emitDirect(task, stream, anchors, tuple);
        }

        @Override
        public void ack(Tuple tuple) {
            TrackingInfo track = tracked.get(tuple.getValue(0));
            if (track != null) {
                track.receivedTuples++;
            }
            if (checkFinishId(tuple, TupleType.REGULAR)) {
                delegate.fail(tuple);
            } else {
                delegate.ack(tuple);
            }
        }

        @Override
        public void fail(Tuple tuple) {
            TrackingInfo track = tracked.get(tuple.getValue(0));
            if (track != null) {
                track.failed = true;
            }
            checkFinishId(tuple, TupleType.REGULAR);
            delegate.fail(tuple);
        }

        @Override
        public void flush() {
            delegate.flush();
        }

        @Override
        public void resetTimeout(Tuple tuple) {
            delegate.resetTimeout(tuple);
        }

        @Override
        public void reportError(Throwable error) {
            delegate.reportError(error);
        }

        private void updateTaskCounts(Object id, List<Integer> tasks) {
            TrackingInfo track = tracked.get(id);
            if (track != null) {
                for (Integer task : tasks) {
                    track.taskEmittedTuples.merge(task, 1, Integer::sum);
                }
            }
        }
    }
}
