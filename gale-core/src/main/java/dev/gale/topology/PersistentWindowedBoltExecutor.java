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
    /** The window policies' saved state, read back at prepare and after a rollback. */
    private transient KeyValueState<String, Optional<?>> policiesState;

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
    void prepare(Map<String, Object> topologyConf, TopologyContext context, OutputCollector taskCollector,
                 KeyValueState<Long, WindowPartition<Tuple>> partitions, KeyValueState<String, Deque<Long>> partitionIds,
                 KeyValueState<String, Optional<?>> policies) {
        outputCollector = taskCollector;
        policiesState = policies;
        long inMemory = statefulWindowedBolt.maxEventsInMemory();
        state = new WindowState<>(partitions, partitionIds, policies, this::getState, inMemory);
        // The bolt's acks are dropped: each tuple is acked on arrival, and completes with its checkpoint.
        OutputCollector boltCollector = new AckedOnArrivalCollector(taskCollector);
        doPrepare(topologyConf, context, boltCollector, state, true);
        restorePolicies();
    }

    /** Gives the window's policies back what the last checkpoint saved of them. */
    private void restorePolicies() {
        Map<String, Optional<?>> saved = new HashMap<>();
        // Through the state's iterator: a KeyValueState need not override Iterable.forEach.
        for (Map.Entry<String, Optional<?>> policy : policiesState) {
            saved.put(policy.getKey(), policy.getValue());
        }
        restoreState(saved);
    }

    /**
     * As Storm checks a persistent window: a length is given, and the checkpoint interval fits in
     * the message timeout (tuples complete with the checkpoint, not with the window).
     */
    @Override
    protected void validate(Map<String, Object> topoConf, BaseWindowedBolt.Count lengthCount,
                            BaseWindowedBolt.Duration lengthDuration, BaseWindowedBolt.Count slideCount,
                            BaseWindowedBolt.Duration slideDuration) {
        if (lengthDuration == null && lengthCount == null) {
            throw new IllegalArgumentException("Window length is not specified");
        }
        long checkpointMs = topoConf.get(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL) instanceof Number n ? n.longValue() : 0;
        int timeoutMs = getTopologyTimeoutMillis(topoConf);
        if (checkpointMs > timeoutMs) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL + " (" + checkpointMs + " ms) is"
                    + " more than " + Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS + " (" + timeoutMs / 1000 + " s): a persistent"
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
            restorePolicies();
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

    /** Drops acks: this executor acks each tuple as it arrives, so the window's own acks would be second ones. */
    private static final class AckedOnArrivalCollector extends OutputCollector {
        AckedOnArrivalCollector(OutputCollector taskCollector) {
            super(taskCollector);
        }

        @Override
        public void ack(Tuple input) {
        }
    }
}
