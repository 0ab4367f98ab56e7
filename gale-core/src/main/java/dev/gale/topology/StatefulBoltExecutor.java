package dev.gale.topology;

import static dev.gale.spout.CheckPointState.Action.COMMIT;
import static dev.gale.spout.CheckPointState.Action.INITSTATE;
import static dev.gale.spout.CheckPointState.Action.PREPARE;
import static dev.gale.spout.CheckPointState.Action.ROLLBACK;

import dev.gale.spout.CheckPointState.Action;
import dev.gale.state.State;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link IStatefulBolt} and keeps its state: {@code TopologyBuilder} wraps every stateful
 * bolt in one. The state comes from {@link StateFactory} (namespace
 * {@code "<topology>/<component>/<task index>"}, see {@link StateNamespaces}) and is handed to
 * {@code initState} on INITSTATE, before the bolt sees any tuple (tuples that come earlier wait).
 * The bolt's acks are held: those made before a PREPARE are done once its COMMIT is handled, so a
 * tuple is acked only once the state that reflects it is committed; on ROLLBACK they are failed
 * instead, so the spout replays them.
 *
 * <p>One instance per task, used on the task's thread only.
 *
 * @param <T> the state type
 */
public class StatefulBoltExecutor<T extends State> extends BaseStatefulBoltExecutor {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(StatefulBoltExecutor.class);
    private final IStatefulBolt<T> bolt;
    private transient State state;
    /** Opens the state if {@link #prepare} could not (null when a test gave the state). */
    private transient Supplier<State> stateSource;
    private transient boolean boltInitialized;
    private transient List<Tuple> pendingTuples;
    private transient List<Tuple> preparedTuples;
    private transient AckTrackingOutputCollector trackingCollector;

    public StatefulBoltExecutor(IStatefulBolt<T> bolt) {
        this.bolt = bolt;
    }

    /** The bolt this one runs. */
    public IStatefulBolt<T> getBolt() {
        return bolt;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        String namespace = StateNamespaces.of(context);
        this.stateSource = () -> openState(namespace, topoConf, context);
        State opened;
        try {
            opened = stateSource.get();
        } catch (FatalTopologyException e) {
            throw e;
        } catch (RuntimeException e) {
            // A store that is not reachable yet: INITSTATE tries again, with the checkpoints' back-off.
            LOG.warn("bolt '{}' task {}: its state '{}' cannot be opened yet: {}", context.getThisComponentId(),
                    context.getThisTaskId(), namespace, e.toString());
            opened = null;
        }
        prepare(topoConf, context, collector, opened);
    }

    /** The task's state; a configuration that cannot work is fatal, anything else may clear. */
    private static State openState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        try {
            return StateFactory.getState(namespace, topoConf, context);
        } catch (IllegalArgumentException e) {
            throw new FatalTopologyException("bolt '" + context.getThisComponentId() + "' task " + context.getThisTaskId()
                    + ": cannot create its state '" + namespace + "': " + e.getMessage(), e);
        }
    }

    /** Prepares with a given state (tests). */
    void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector, State state) {
        init(context, collector);
        this.trackingCollector = new AckTrackingOutputCollector(collector, this::noteInputFailed);
        this.pendingTuples = new ArrayList<>();
        this.preparedTuples = new ArrayList<>();
        this.boltInitialized = false;
        bolt.prepare(topoConf, context, trackingCollector);
        this.state = state;
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        bolt.declareOutputFields(declarer);
        declareCheckpointStream(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return bolt.getComponentConfiguration();
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void handleCheckpoint(List<Tuple> copies, Action action, long txid) {
        LOG.debug("{}: {} txid {}", taskName, action, txid);
        if (state == null) {
            state = stateSource.get(); // throws while the store is still unreachable: the checkpoint fails
        }
        if (action == PREPARE) {
            if (!boltInitialized) {
                // The task started anew meanwhile: fail the checkpoint so the topology recovers.
                LOG.debug("{}: PREPARE before INITSTATE; failing it", taskName);
                for (Tuple t : copies) {
                    collector.fail(t);
                }
                return;
            }
            bolt.prePrepare(txid);
            state.prepareCommit(txid);
            preparedTuples.addAll(trackingCollector.takeAcked());
        } else if (action == COMMIT) {
            bolt.preCommit(txid);
            state.commit(txid);
            for (Tuple t : preparedTuples) {
                collector.ack(t);
            }
            preparedTuples.clear();
        } else if (action == ROLLBACK) {
            bolt.preRollback();
            state.rollback();
            failAll(preparedTuples);
            failAll(trackingCollector.takeAcked());
        } else if (action == INITSTATE) {
            if (!boltInitialized) {
                bolt.initState((T) state);
                boltInitialized = true;
                LOG.debug("{}: state initialized; {} tuples waited for it", taskName, pendingTuples.size());
                List<Tuple> pending = pendingTuples;
                pendingTuples = new ArrayList<>();
                for (Tuple t : pending) {
                    handleHeldTuple(t);
                }
            }
            // Already initialized: a recovery elsewhere; this task keeps its state.
        }
        forwardCheckpoint(copies, action, txid, collector);
        for (Tuple t : copies) {
            collector.ack(t);
        }
    }

    private void failAll(List<Tuple> tuples) {
        for (Tuple t : tuples) {
            collector.fail(t);
        }
        tuples.clear();
    }

    @Override
    protected void handleTuple(Tuple input) {
        if (boltInitialized) {
            bolt.execute(input);
        } else {
            pendingTuples.add(input);
        }
    }

    /** Holds the bolt's acks until the state that reflects them is committed; acks may come from any thread. */
    private static final class AckTrackingOutputCollector extends AnchoringOutputCollector {
        private final Queue<Tuple> acked = new ConcurrentLinkedQueue<>();

        AckTrackingOutputCollector(OutputCollector delegate, Runnable onFail) {
            super(delegate, onFail);
        }

        List<Tuple> takeAcked() {
            List<Tuple> out = new ArrayList<>();
            Tuple t;
            while ((t = acked.poll()) != null) {
                out.add(t);
            }
            return out;
        }

        @Override
        public void ack(Tuple input) {
            acked.add(input);
        }
    }
}
