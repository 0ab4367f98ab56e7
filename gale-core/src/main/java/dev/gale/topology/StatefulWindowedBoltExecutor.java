package dev.gale.topology;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.state.KeyValueState;
import dev.gale.state.State;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import dev.gale.windowing.WindowLifecycleListener;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link IStatefulWindowedBolt} whose window is kept in memory: besides the bolt's state,
 * it saves with each checkpoint, per source task and stream, the message id (the field named by
 * {@code withMessageIdField}, increasing) of the last tuple that expired and of the last one
 * evaluated. After a failure the replayed tuples are sorted by them: those already expired are
 * acked at once, those already evaluated rebuild the window without evaluating it again, and the
 * window resumes with the first tuple past them. {@code TopologyBuilder} runs it in a
 * {@link StatefulBoltExecutor}.
 *
 * <p>One instance per task, used on the task's thread only.
 *
 * @param <T> the bolt's state type
 */
public class StatefulWindowedBoltExecutor<T extends State> extends WindowedBoltExecutor implements IStatefulBolt<T> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(StatefulWindowedBoltExecutor.class);
    private final IStatefulWindowedBolt<T> statefulWindowedBolt;
    private transient String msgIdFieldName;
    private transient TopologyContext topologyContext;
    private transient OutputCollector outputCollector;
    private transient KeyValueState<TaskStream, WindowState> streamState;
    private transient List<Tuple> pendingTuples;
    private transient Map<TaskStream, WindowState> recoveryStates;
    private transient boolean stateInitialized;
    private transient boolean prePrepared;

    public StatefulWindowedBoltExecutor(IStatefulWindowedBolt<T> bolt) {
        super(bolt);
        this.statefulWindowedBolt = bolt;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        String namespace = StateNamespaces.of(context, "window");
        prepare(topoConf, context, collector,
                (KeyValueState<TaskStream, WindowState>) StateFactory.getState(namespace, topoConf, context));
    }

    /** Prepares with a given window state (tests). */
    void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector,
                 KeyValueState<TaskStream, WindowState> windowState) {
        Object field = topoConf.get(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME);
        if (!(field instanceof String)) {
            throw new IllegalArgumentException("bolt '" + context.getThisComponentId() + "': "
                    + Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME + " is not set: a stateful windowed bolt kept in memory"
                    + " needs withMessageIdField(...) (or withPersistence())");
        }
        msgIdFieldName = (String) field;
        topologyContext = context;
        outputCollector = collector;
        streamState = windowState;
        pendingTuples = new ArrayList<>();
        recoveryStates = new HashMap<>();
        stateInitialized = false;
        prePrepared = false;
        super.prepare(topoConf, context, collector);
    }

    /** Also checks the message id field is set: Gale refuses the topology at submit without it. */
    @Override
    public void validate(Map<String, Object> topoConf) {
        if (!(topoConf.get(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME) instanceof String)) {
            throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME + " is not set: a stateful"
                    + " windowed bolt kept in memory needs withMessageIdField(...) (or withPersistence())");
        }
        super.validate(topoConf);
    }

    @Override
    public void execute(Tuple input) {
        if (!stateInitialized) {
            throw new IllegalStateException("execute invoked before initState with input tuple " + input);
        } else if (isRecovering()) {
            handleRecovery(input);
        } else {
            super.execute(input);
        }
    }

    @Override
    protected void start() {
        if (stateInitialized && !isRecovering()) {
            super.start();
        }
    }

    private void handleRecovery(Tuple input) {
        long msgId = getMsgId(input);
        TaskStream taskStream = TaskStream.fromTuple(input);
        WindowState state = recoveryStates.get(taskStream);
        if (state == null) {
            pendingTuples.add(input);
        } else if (msgId <= state.lastExpired) {
            outputCollector.ack(input); // it left the window before the failure
        } else if (msgId <= state.lastEvaluated) {
            super.execute(input); // rebuilds the window
        } else {
            pendingTuples.add(input);
            clearRecoveryState(taskStream);
        }
    }

    private void clearRecoveryState(TaskStream stream) {
        recoveryStates.remove(stream);
        if (!isRecovering()) {
            super.start();
            LOG.debug("Recovery complete, processing {} pending tuples", pendingTuples.size());
            List<Tuple> pending = pendingTuples;
            pendingTuples = new ArrayList<>();
            for (Tuple tuple : pending) {
                super.execute(tuple);
            }
        }
    }

    private boolean isRecovering() {
        return !recoveryStates.isEmpty();
    }

    @Override
    public void initState(T state) {
        if (stateInitialized) {
            LOG.warn("State is already initialized. Ignoring initState");
            return;
        }
        statefulWindowedBolt.initState(state);
        for (GlobalStreamId streamId : topologyContext.getThisSources().keySet()) {
            for (int taskId : topologyContext.getComponentTasks(streamId.get_componentId())) {
                WindowState windowState = streamState.get(new TaskStream(taskId, streamId));
                if (windowState != null) {
                    recoveryStates.put(new TaskStream(taskId, streamId), windowState);
                }
            }
        }
        LOG.debug("recoveryStates {}", recoveryStates);
        stateInitialized = true;
        start();
    }

    @Override
    public void preCommit(long txid) {
        if (!stateInitialized || (!isRecovering() && prePrepared)) {
            streamState.commit(txid);
        }
        statefulWindowedBolt.preCommit(txid);
    }

    @Override
    public void prePrepare(long txid) {
        if (stateInitialized && !isRecovering()) {
            streamState.prepareCommit(txid);
            prePrepared = true;
        }
        statefulWindowedBolt.prePrepare(txid);
    }

    @Override
    public void preRollback() {
        streamState.rollback();
        statefulWindowedBolt.preRollback();
    }

    @Override
    protected WindowLifecycleListener<Tuple> newWindowLifecycleListener() {
        WindowLifecycleListener<Tuple> parent = super.newWindowLifecycleListener();
        return new WindowLifecycleListener<>() {
            @Override
            public void onExpiry(List<Tuple> events) {
                parent.onExpiry(events);
            }

            @Override
            public void onActivation(List<Tuple> events, List<Tuple> newEvents, List<Tuple> expired, Long timestamp) {
                if (isRecovering()) {
                    throw new IllegalStateException("Unexpected activation with " + events.size() + " events while"
                            + " recovering; recoveryStates " + recoveryStates);
                }
                parent.onActivation(events, newEvents, expired, timestamp);
                updateWindowState(expired, newEvents);
            }
        };
    }

    private void updateWindowState(List<Tuple> expired, List<Tuple> newEvents) {
        Map<TaskStream, WindowState> updates = new HashMap<>();
        for (Tuple t : expired) {
            updates.compute(TaskStream.fromTuple(t), (k, cur) -> cur == null
                    ? new WindowState(getMsgId(t), Long.MIN_VALUE)
                    : new WindowState(Math.max(cur.lastExpired, getMsgId(t)), cur.lastEvaluated));
        }
        for (Tuple t : newEvents) {
            updates.compute(TaskStream.fromTuple(t), (k, cur) -> cur == null
                    ? new WindowState(Long.MIN_VALUE, getMsgId(t))
                    : new WindowState(cur.lastExpired, Math.max(cur.lastEvaluated, getMsgId(t))));
        }
        for (Map.Entry<TaskStream, WindowState> e : updates.entrySet()) {
            WindowState cur = streamState.get(e.getKey());
            WindowState next = e.getValue();
            streamState.put(e.getKey(), cur == null ? next : new WindowState(Math.max(next.lastExpired, cur.lastExpired),
                    Math.max(next.lastEvaluated, cur.lastEvaluated)));
        }
    }

    private long getMsgId(Tuple input) {
        return input.getLongByField(msgIdFieldName);
    }

    /** The last expired and last evaluated message ids of one source task and stream. Immutable. */
    static final class WindowState implements Serializable {
        private static final long serialVersionUID = 1L;
        final long lastExpired;
        final long lastEvaluated;

        WindowState(long lastExpired, long lastEvaluated) {
            this.lastExpired = lastExpired;
            this.lastEvaluated = lastEvaluated;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof WindowState w && w.lastExpired == lastExpired && w.lastEvaluated == lastEvaluated;
        }

        @Override
        public int hashCode() {
            return 31 * Long.hashCode(lastExpired) + Long.hashCode(lastEvaluated);
        }

        @Override
        public String toString() {
            return "WindowState{lastExpired=" + lastExpired + ", lastEvaluated=" + lastEvaluated + '}';
        }
    }

    /** A source task and stream. Immutable. */
    static final class TaskStream implements Serializable {
        private static final long serialVersionUID = 1L;
        final int sourceTask;
        final String sourceComponent;
        final String stream;

        TaskStream(int sourceTask, GlobalStreamId streamId) {
            this.sourceTask = sourceTask;
            this.sourceComponent = streamId.get_componentId();
            this.stream = streamId.get_streamId();
        }

        static TaskStream fromTuple(Tuple input) {
            return new TaskStream(input.getSourceTask(), input.getSourceGlobalStreamId());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TaskStream t && t.sourceTask == sourceTask && t.sourceComponent.equals(sourceComponent)
                    && t.stream.equals(stream);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sourceTask, sourceComponent, stream);
        }

        @Override
        public String toString() {
            return "TaskStream{" + sourceComponent + ":" + sourceTask + ", stream " + stream + '}';
        }
    }
}
