package dev.gale.impl.executor;

import dev.gale.impl.env.TupleObserver;
import dev.gale.impl.grouping.Placement;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.stats.StreamCounter;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.transfer.Outbox;
import dev.gale.impl.tuple.TupleImpl;
import dev.gale.impl.tuple.TupleOrigin;
import dev.gale.impl.util.LeadingPad;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.tuple.MessageId;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checks and routing every emit of one task goes through: the stream must be declared, the
 * values must match its fields, direct emits must name a subscribed task. Errors name the
 * component, task, stream and fields. Not thread-safe: one per task.
 */
final class TaskEmitter extends TaskEmitterPad {
    private static final Logger LOG = LoggerFactory.getLogger(TaskEmitter.class);

    final int taskId;
    final String componentId;
    final TaskMetrics metrics;
    final GeneralTopologyContext context;
    private final String describe;
    private final Map<String, StreamRouter> routers;
    private final Placement placement;
    private final Map<String, StreamDef> declared;
    private final TupleObserver observer;
    private final Outbox outbox;
    private final boolean debug;
    final TaskHooks hooks;

    TaskEmitter(int taskId, String componentId, String described, Map<String, StreamRouter> routers, Outbox outbox,
                TaskMetrics metrics, GeneralTopologyContext context, boolean debug, TupleObserver observer,
                TaskHooks hooks) {
        this.taskId = taskId;
        this.componentId = componentId;
        this.describe = described + " (task " + taskId + ")";
        this.routers = routers;
        this.placement = new Placement() {
            @Override
            public Object threadOf(int task) {
                return outbox.threadOf(task);
            }

            @Override
            public double load(int task) {
                return outbox.load(task);
            }
        };
        this.declared = new HashMap<>();
        for (StreamRouter r : routers.values()) {
            declared.put(r.streamId(), r.stream());
            r.placement(placement);
            r.origin(new TupleOrigin(context, taskId, componentId, r.streamId(), r.fields()));
        }
        for (StreamCounter c : metrics.streamCounters(routers.keySet())) {
            routers.get(c.snapshot().streamId()).counter(c);
        }
        this.observer = observer;
        this.outbox = outbox;
        this.metrics = metrics;
        this.context = context;
        this.debug = debug;
        this.hooks = hooks;
    }

    /** Throws unless called on the executor's thread; collectors call it first. */
    void checkThread() {
        outbox.checkOwner();
    }

    boolean onOwnerThread() {
        return outbox.isOwnerThread();
    }

    /**
     * The checks of an emit made on another thread, run there so that thread gets the error:
     * they read only the declarations, which never change once the task is built.
     */
    void checkForeign(String streamId, List<Object> values, boolean direct) {
        EmitChecks.check(describe, declared, streamId, values, direct);
    }

    /**
     * The router of a stream this task may emit on (plain emit). Executor thread only: the
     * collectors check the thread before they call it.
     */
    StreamRouter router(String streamId, List<Object> values) {
        // Most components emit on one stream: after the first emit on it passed every check,
        // the same stream needs only the value count checked, not two map lookups.
        if (streamId == lastStream && values != null && values.size() == lastFieldCount) {
            return lastRouter;
        }
        StreamDef s = EmitChecks.check(describe, declared, streamId, values, false);
        StreamRouter r = routers.get(streamId);
        lastStream = streamId;
        lastFieldCount = s.fields().size();
        lastRouter = r;
        return r;
    }

    /** The router of a direct stream, checking the target task subscribes to it. Executor thread only. */
    StreamRouter directRouter(int targetTask, String streamId, List<Object> values) {
        EmitChecks.check(describe, declared, streamId, values, true);
        StreamRouter r = routers.get(streamId);
        if (!r.isDirectTarget(targetTask)) {
            throw new IllegalArgumentException(describe + " called emitDirect to task " + targetTask + " on stream '"
                    + streamId + "', but that task does not subscribe to it with directGrouping; subscribed tasks: "
                    + Arrays.toString(r.directTasks()));
        }
        return r;
    }

    TupleImpl tuple(StreamRouter r, List<Object> values, MessageId id, int target) {
        return new TupleImpl(r.origin(), values, id, target);
    }

    /** A tuple in the single tree {@code root}, reached by edge {@code id}: no message id object to allocate. */
    TupleImpl tuple(StreamRouter r, List<Object> values, long root, long id, int target) {
        return new TupleImpl(r.origin(), values, root, id, target);
    }

    void send(int task, Object message) {
        outbox.send(task, message);
    }

    /** A spout's tuple that no tree tracks: it may wait in a batch (see {@link Outbox#sendUntracked}). */
    void sendUntracked(int task, Object message) {
        outbox.sendUntracked(task, message);
    }

    /** Sends the batched tuples now (a collector's flush). */
    void flush() {
        outbox.flushTuples();
    }

    /** Acker traffic: the XOR protocol takes it in any order, so it travels batched. */
    void sendToAcker(int ackerTask, Object message) {
        outbox.sendUnordered(ackerTask, message);
    }

    /** Sends the acks packed so far now, so that what is sent to an acker next arrives after them. */
    void flushAcks() {
        outbox.flushPairs();
    }

    /** An ack to an acker, packed with the others of the cycle (see {@link dev.gale.impl.transfer.PairBatch}). */
    void sendAckToAcker(int ackerTask, long root, long value) {
        outbox.sendPair(ackerTask, root, value);
    }

    /** Bookkeeping after an emit to the first {@code n} of {@code targets}. */
    void emitted(StreamRouter r, List<Object> values, int[] targets, int n) {
        emits++;
        if (observer != null) {
            observer.emitted(componentId, taskId, r.streamId(), values);
        }
        r.counter().emitted(n);
        if (debug) {
            LOG.info("Emitting: {} {} {}", describe, r.streamId(), values);
        }
        hooks.emit(r.streamId(), values, targets, n);
    }

    String describe() {
        return describe;
    }

    /**
     * The first {@code n} task ids as the immutable list an emit returns. Most emits go to one
     * task and callers rarely read the list, so single-task lists are made once per task and
     * reused: the emit path allocates nothing for them.
     */
    List<Integer> taskList(int[] targets, int n) {
        if (n == 1) {
            int t = targets[0];
            if (t >= singleTargets.length) {
                singleTargets = Arrays.copyOf(singleTargets, Math.max(t + 1, 2 * singleTargets.length));
            }
            List<Integer> list = singleTargets[t];
            if (list == null) {
                list = List.of(t);
                singleTargets[t] = list;
            }
            return list;
        }
        return n == 0 ? List.of() : new TaskIds(Arrays.copyOf(targets, n));
    }

    private static final class TaskIds extends AbstractList<Integer> implements RandomAccess {
        private final int[] ids;

        TaskIds(int[] ids) {
            this.ids = ids;
        }

        @Override
        public Integer get(int index) {
            return ids[index];
        }

        @Override
        public int size() {
            return ids.length;
        }
    }
}

/** The fields of {@link TaskEmitter} that change after construction, in front of its trailing pad. */
abstract class TaskEmitterFields extends LeadingPad {
    @SuppressWarnings("unchecked")
    List<Integer>[] singleTargets = new List[16];
    /** The stream of the last plain emit that passed the checks, by identity, and what it needs. */
    String lastStream;
    int lastFieldCount;
    StreamRouter lastRouter;
    /** Emit calls so far, so the executor can tell whether nextTuple emitted. */
    long emits;
}

/** 128 bytes between {@link TaskEmitterFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class TaskEmitterPad extends TaskEmitterFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
