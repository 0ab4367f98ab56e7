package dev.gale.topology;

import dev.gale.Config;
import dev.gale.state.KeyValueState;
import dev.gale.state.State;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Tuple;
import dev.gale.windowing.WindowLifecycleListener;
import dev.gale.windowing.persistence.WindowState;
import dev.gale.windowing.persistence.WindowState.WindowPartition;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs an {@link IStatefulWindowedBolt} with persistence ({@code withPersistence()}): the window's
 * tuples are kept in a {@link WindowState}, saved with each checkpoint in three states of the
 * configured provider (namespaces {@code "<component>-<task>-window"}, {@code ...-window-partitions}
 * and {@code ...-window-systemstate}), and at most {@code maxEventsInMemory} of them stay in
 * memory. Each tuple is acked as it arrives, so it completes with the checkpoint that saved it
 * (not when it leaves the window); the bolt reads the window through {@code getIter()}, and what
 * it emits is anchored to nothing (the checkpoint stands for the window). {@code TopologyBuilder}
 * runs it in a {@link StatefulBoltExecutor}.
 *
 * <p>One instance per task, used on the task's thread only.
 *
 * @param <T> the bolt's state type
 */
public class PersistentWindowedBoltExecutor<T extends State> extends WindowedBoltExecutor implements IStatefulBolt<T> {
    private static final long serialVersionUID = 1L;
    private final IStatefulWindowedBolt<T> statefulWindowedBolt;
    private transient OutputCollector outputCollector;
    private transient WindowState<Tuple> state;
    private transient boolean stateInitialized;
    private transient boolean prePrepared;
    private transient KeyValueState<String, Optional<?>> windowSystemState;

    public PersistentWindowedBoltExecutor(IStatefulWindowedBolt<T> bolt) {
        super(bolt);
        this.statefulWindowedBolt = bolt;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        String ns = StateNamespaces.of(context, "window");
        prepare(topoConf, context, collector,
                (KeyValueState<Long, WindowPartition<Tuple>>) StateFactory.getState(ns, topoConf, context),
                (KeyValueState<String, Deque<Long>>) StateFactory.getState(ns + "-partitions", topoConf, context),
                (KeyValueState<String, Optional<?>>) StateFactory.getState(ns + "-systemstate", topoConf, context));
    }

    /** Prepares with given states (tests). */
    void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector,
                 KeyValueState<Long, WindowPartition<Tuple>> windowState,
                 KeyValueState<String, Deque<Long>> partitionState,
                 KeyValueState<String, Optional<?>> windowSystemState) {
        this.outputCollector = collector;
        this.windowSystemState = windowSystemState;
        this.state = new WindowState<>(windowState, partitionState, windowSystemState, this::getState,
                statefulWindowedBolt.maxEventsInMemory());
        doPrepare(topoConf, context, new NoAckOutputCollector(collector), state, true);
        restoreWindowSystemState();
    }

    private void restoreWindowSystemState() {
        Map<String, Optional<?>> map = new HashMap<>();
        for (Map.Entry<String, Optional<?>> entry : windowSystemState) {
            map.put(entry.getKey(), entry.getValue());
        }
        restoreState(map);
    }

    /**
     * As Storm checks a persistent window: a length is given, and the checkpoint interval fits in
     * the message timeout (tuples complete with the checkpoint, not with the window).
     */
    @Override
    protected void validate(Map<String, Object> topoConf, BaseWindowedBolt.Count windowLengthCount,
                            BaseWindowedBolt.Duration windowLengthDuration, BaseWindowedBolt.Count slidingIntervalCount,
                            BaseWindowedBolt.Duration slidingIntervalDuration) {
        if (windowLengthCount == null && windowLengthDuration == null) {
            throw new IllegalArgumentException("Window length is not specified");
        }
        Object v = topoConf.get(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL);
        long interval = v instanceof Number ? ((Number) v).longValue() : 0;
        int timeout = getTopologyTimeoutMillis(topoConf);
        if (interval > timeout) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL + " (" + interval + " ms) is"
                    + " more than " + Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS + " (" + timeout / 1000 + " s): a persistent"
                    + " window's tuples complete with the checkpoint, so they would time out first");
        }
    }

    @Override
    protected void start() {
        if (stateInitialized) {
            super.start();
        }
    }

    @Override
    public void execute(Tuple input) {
        if (!stateInitialized) {
            throw new IllegalStateException("execute invoked before initState with input tuple " + input);
        }
        super.execute(input);
        // Held by the StatefulBoltExecutor until the checkpoint that saves the window commits.
        outputCollector.ack(input);
    }

    @Override
    public void initState(T userState) {
        if (stateInitialized) {
            throw new IllegalStateException("initState invoked when the state is already initialized");
        }
        statefulWindowedBolt.initState(userState);
        stateInitialized = true;
        start();
    }

    @Override
    public void prePrepare(long txid) {
        if (!stateInitialized) {
            throw new IllegalStateException("Cannot prepare before initState");
        }
        statefulWindowedBolt.prePrepare(txid);
        state.prepareCommit(txid);
        prePrepared = true;
    }

    @Override
    public void preCommit(long txid) {
        // In recovery, before initState, a commit of a transaction prepared before a restart.
        if (!prePrepared && stateInitialized) {
            throw new IllegalStateException("preCommit before prePrepare in initialized state");
        }
        statefulWindowedBolt.preCommit(txid);
        state.commit(txid);
    }

    @Override
    public void preRollback() {
        statefulWindowedBolt.preRollback();
        state.rollback(stateInitialized);
        if (stateInitialized) {
            restoreWindowSystemState();
        }
    }

    @Override
    protected WindowLifecycleListener<Tuple> newWindowLifecycleListener() {
        return new WindowLifecycleListener<>() {
            @Override
            public void onExpiry(List<Tuple> events) {
                // Acked in execute already.
            }

            @Override
            public void onActivation(Supplier<Iterator<Tuple>> eventsIt, Supplier<Iterator<Tuple>> newEventsIt,
                                     Supplier<Iterator<Tuple>> expiredIt, Long timestamp) {
                try {
                    boltExecute(eventsIt, newEventsIt, expiredIt, timestamp);
                } finally {
                    state.clearIteratorPins();
                }
            }
        };
    }

    /** Acks nothing: this executor acks each tuple as it arrives. */
    private static final class NoAckOutputCollector extends OutputCollector {
        NoAckOutputCollector(OutputCollector delegate) {
            super(delegate);
        }

        @Override
        public void ack(Tuple input) {
        }
    }
}
