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
    private transient String messageIdField;
    private transient TopologyContext topologyContext;
    private transient OutputCollector outputCollector;
    /** The saved progress: the last expired and evaluated message ids, per source task and stream. */
    private transient KeyValueState<TaskStream, WindowState> progress;
    /** Null until initState; then the replay until it is over, when it is null again. */
    private transient WindowReplay replay;
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

    /** Prepares with a given state for the window's progress (tests). */
    void prepare(Map<String, Object> topologyConf, TopologyContext context, OutputCollector taskCollector,
                 KeyValueState<TaskStream, WindowState> progressState) {
        if (!(topologyConf.get(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME) instanceof String field)) {
            throw new IllegalArgumentException("bolt '" + context.getThisComponentId() + "': "
                    + Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME + " is not set: a stateful windowed bolt kept in memory"
                    + " needs withMessageIdField(...) (or withPersistence())");
        }
        messageIdField = field;
        topologyContext = context;
        outputCollector = taskCollector;
        progress = progressState;
        replay = null;
        stateInitialized = false;
        prePrepared = false;
        super.prepare(topologyConf, context, taskCollector);
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
        }
        if (isRecovering()) {
            replayed(input);
        } else {
            super.execute(input);
        }
    }

    /** The window starts once the state is known and any replay is over. */
    @Override
    protected void start() {
        if (stateInitialized && !isRecovering()) {
            super.start();
        }
    }

    private void replayed(Tuple input) {
        switch (replay.sort(input, messageId(input))) {
            case EXPIRED -> outputCollector.ack(input);
            case EVALUATED -> super.execute(input);
            default -> {
                if (!replay.inProgress()) {
                    endReplay();
                }
            }
        }
    }

    /** Every stream replayed past its saved progress: start the window and give it what was held. */
    private void endReplay() {
        List<Tuple> held = replay.takeHeld();
        replay = null;
        super.start();
        LOG.debug("window replay over: {} held tuples go to the window", held.size());
        held.forEach(super::execute);
    }

    private boolean isRecovering() {
        return replay != null && replay.inProgress();
    }

    @Override
    public void initState(T state) {
        if (stateInitialized) {
            LOG.warn("initState called a second time: ignored, the window keeps the state it was first given");
            return;
        }
        statefulWindowedBolt.initState(state);
        replay = WindowReplay.of(topologyContext, progress);
        LOG.debug("window progress to replay up to: {}", replay);
        stateInitialized = true;
        start();
    }

    @Override
    public void preCommit(long txid) {
        if (!stateInitialized || (!isRecovering() && prePrepared)) {
            progress.commit(txid);
        }
        statefulWindowedBolt.preCommit(txid);
    }

    @Override
    public void prePrepare(long txid) {
        if (stateInitialized && !isRecovering()) {
            progress.prepareCommit(txid);
            prePrepared = true;
        }
        statefulWindowedBolt.prePrepare(txid);
    }

    @Override
    public void preRollback() {
        progress.rollback();
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
                    throw new IllegalStateException("a window of " + events.size() + " tuples was evaluated before the"
                            + " replay ended: " + replay);
                }
                parent.onActivation(events, newEvents, expired, timestamp);
                recordProgress(expired, newEvents);
            }
        };
    }

    /** Raises the saved progress of each stream by the message ids that expired and were evaluated. */
    private void recordProgress(List<Tuple> expired, List<Tuple> evaluated) {
        Map<TaskStream, WindowState> raised = new HashMap<>();
        for (Tuple tuple : expired) {
            raised.merge(TaskStream.fromTuple(tuple), new WindowState(messageId(tuple), Long.MIN_VALUE), WindowState::max);
        }
        for (Tuple tuple : evaluated) {
            raised.merge(TaskStream.fromTuple(tuple), new WindowState(Long.MIN_VALUE, messageId(tuple)), WindowState::max);
        }
        raised.forEach((stream, update) -> {
            WindowState saved = progress.get(stream);
            progress.put(stream, saved == null ? update : saved.max(update));
        });
    }

    private long messageId(Tuple tuple) {
        return tuple.getLongByField(messageIdField);
    }

    /** The last expired and last evaluated message ids of one source task and stream. Immutable. */
    static final class WindowState implements Serializable {
        private static final long serialVersionUID = 1L;
        final long lastExpired;
        final long lastEvaluated;

        WindowState(long expiredUpTo, long evaluatedUpTo) {
            this.lastExpired = expiredUpTo;
            this.lastEvaluated = evaluatedUpTo;
        }

        /** The furthest progress of the two, each id on its own. */
        WindowState max(WindowState other) {
            return new WindowState(Math.max(lastExpired, other.lastExpired), Math.max(lastEvaluated, other.lastEvaluated));
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

    /** A source task and stream. Immutable; its serialized form is part of saved states, so its fields stay. */
    static final class TaskStream implements Serializable {
        private static final long serialVersionUID = 1L;
        final int sourceTask;
        final String sourceComponent;
        final String stream;

        TaskStream(int task, GlobalStreamId from) {
            this.sourceTask = task;
            this.sourceComponent = from.get_componentId();
            this.stream = from.get_streamId();
        }

        static TaskStream fromTuple(Tuple tuple) {
            return new TaskStream(tuple.getSourceTask(), tuple.getSourceGlobalStreamId());
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
