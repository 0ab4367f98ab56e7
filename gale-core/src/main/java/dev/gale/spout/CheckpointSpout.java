package dev.gale.spout;

import dev.gale.Config;
import dev.gale.spout.CheckPointState.Action;
import dev.gale.state.KeyValueState;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import dev.gale.task.TopologyContext;
import dev.gale.time.Clock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the checkpoints of a topology with stateful bolts: {@code TopologyBuilder} adds it (one
 * task, id {@value #CHECKPOINT_COMPONENT_ID}) when the topology has an {@code IStatefulBolt}. Every
 * {@code topology.state.checkpoint.interval.ms} (default 1000, at least 100) of the topology's
 * clock it emits a PREPARE tuple and, once every bolt acked it, a COMMIT tuple, on the
 * {@value #CHECKPOINT_STREAM_ID} stream; the bolts save their state on each. When the topology
 * starts, and after any checkpoint tuple failed, it recovers: a transaction left PREPARING is rolled
 * back, one left COMMITTING is committed, then INITSTATE lets every bolt initialize its state. Its
 * own progress ({@link CheckPointState}) is kept in a state of the configured provider, committed
 * at each step, so a durable provider resumes the protocol where a crash left it.
 *
 * <p>A PREPARE counts as failed if a checkpointed spout's tuple emitted before it failed while it
 * was in flight ({@link CheckpointChannel#requestRollback(long)}): the positions it saved are past
 * the failed tuple, and committing them would lose it. A step that fails again and again (a store
 * that is down) is retried after 100 ms, then twice as long each time up to
 * {@code gale.state.checkpoint.retry.max.ms} (default 30 s), each retry reported as an error of this
 * spout; an error that no retry can clear ({@code FatalTopologyException}) stops the topology
 * instead.
 *
 * <p>Gale addition: with checkpointed spouts ({@link ICheckpointedSpout}) it hands each step to
 * them through the topology's {@link CheckpointChannel} and waits for all of them, as for its own
 * tuple. Unlike Storm's, it never sleeps in {@code nextTuple}: the engine parks an idle spout.
 *
 * <p>Used on its task's thread only, as every spout.
 */
public class CheckpointSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    public static final String CHECKPOINT_STREAM_ID = "$checkpoint";
    public static final String CHECKPOINT_COMPONENT_ID = "$checkpointspout";
    public static final String CHECKPOINT_FIELD_TXID = "txid";
    public static final String CHECKPOINT_FIELD_ACTION = "action";
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointSpout.class);
    static final String TX_STATE_KEY = "__state";
    private static final int MIN_INTERVAL_MS = 100;
    private static final long FIRST_BACKOFF_MS = 100;
    private static final long DEFAULT_MAX_BACKOFF_MS = 30_000;

    private final List<String> relayComponents;
    private final List<String> statefulBolts;
    private transient SpoutOutputCollector collector;
    private transient Clock clock;
    private transient long lastCheckpointTs;
    private transient int checkpointInterval;
    private transient boolean recovering;
    private transient CheckpointProgress progress;
    private transient List<Integer> relayTasks;
    private transient CheckpointChannel channel;
    /** The step in progress (emitted, not yet acked or failed by all), or null. */
    private transient Step step;
    private transient long nextSeq;
    /** A relay asked for a rollback of what is not committed (a data tuple of it failed). */
    private transient boolean rollbackWanted;
    /** The highest seq of a PREPARE step that a failed tuple spoiled, or -1. */
    private transient long spoiledPrepare;
    private transient String name;
    /** Steps failed since the last one that succeeded, and when the next try may start. */
    private transient int failedInARow;
    private transient long retryAtMillis;
    private transient long maxBackoffMs;

    /** What is awaited for one emitted step. */
    private static final class Step {
        final long seq;
        final long txid;
        final Action action;
        /** A ROLLBACK of what was done since a committed transaction, asked for by a relay. */
        final boolean forcedRollback;
        boolean ownPending;
        int relaysPending;
        boolean failed;

        Step(long seq, long txid, Action action, boolean forcedRollback) {
            this.seq = seq;
            this.txid = txid;
            this.action = action;
            this.forcedRollback = forcedRollback;
        }
    }

    public CheckpointSpout() {
        this(Collections.emptyList());
    }

    /**
     * Gale: a checkpoint spout that also hands each step to the tasks of {@code relayComponents},
     * the topology's checkpointed spouts.
     */
    public CheckpointSpout(List<String> relayComponents) {
        this(relayComponents, Collections.emptyList());
    }

    /**
     * Gale: same, also saving with its progress how many tasks each of {@code statefulBolts} and
     * of the checkpointed spouts has ({@link CheckpointLayout}), which a later submit is checked against.
     */
    public CheckpointSpout(List<String> relayComponents, List<String> statefulBolts) {
        this.relayComponents = new ArrayList<>(relayComponents);
        this.statefulBolts = new ArrayList<>(statefulBolts);
    }

    public static boolean isCheckpoint(Tuple input) {
        return Objects.equals(input.getSourceStreamId(), CHECKPOINT_STREAM_ID);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        Object maxBackoff = conf.get(Config.GALE_STATE_CHECKPOINT_RETRY_MAX_MS);
        this.maxBackoffMs = maxBackoff instanceof Number ? Math.max(0, ((Number) maxBackoff).longValue()) : DEFAULT_MAX_BACKOFF_MS;
        this.relayTasks = new ArrayList<>();
        for (String c : relayComponents) {
            relayTasks.addAll(context.getComponentTasks(c));
        }
        String spoutName = nameOf(context);
        if (!relayTasks.isEmpty()) {
            channel = (CheckpointChannel) context.getResource(CheckpointChannel.RESOURCE);
            if (channel == null) {
                throw new IllegalStateException(spoutName + ": checkpointed spouts " + relayComponents + " need the topology's "
                        + CheckpointChannel.class.getSimpleName() + ", which TopologyBuilder.createTopology adds");
            }
        }
        open(context, collector, intervalMillis(conf), savedProgressState(conf, context));
    }

    /**
     * Opens with a given interval and checkpoint state instead of reading them from the configuration and the
     * state provider: Storm's seam for testing the protocol, kept with its signature.
     */
    void open(TopologyContext context, SpoutOutputCollector collector, int checkpointInterval,
              KeyValueState<String, CheckPointState> checkpointState) {
        this.collector = collector;
        // A context built by hand (a test's mock) may have no clock: the JVM's then.
        Clock contextClock = context.getClock();
        this.clock = contextClock != null ? contextClock : Clock.system();
        this.name = nameOf(context);
        this.checkpointInterval = checkpointInterval;
        if (relayTasks == null) {
            // Opened through this seam alone: no relays, the default backoff.
            relayTasks = new ArrayList<>();
            maxBackoffMs = DEFAULT_MAX_BACKOFF_MS;
        }
        this.failedInARow = 0;
        this.progress = new CheckpointProgress(checkpointState, name);
        this.lastCheckpointTs = clock.millis();
        this.recovering = true;
        this.step = null;
        this.spoiledPrepare = -1;
        LOG.info("{}: checkpoint every {} ms, starting from {}{}", name, checkpointInterval, progress.current(),
                relayTasks.isEmpty() ? "" : ", relayed by " + relayComponents);
    }

    private static String nameOf(TopologyContext context) {
        return "spout '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
    }

    @SuppressWarnings("unchecked")
    private KeyValueState<String, CheckPointState> savedProgressState(Map<String, Object> conf, TopologyContext ctx) {
        String namespace = StateNamespaces.of(ctx);
        KeyValueState<String, Object> state = (KeyValueState<String, Object>) StateFactory.getState(namespace, conf, ctx);
        Object tx = state.get(TX_STATE_KEY);
        if (tx == null || !CheckpointLayout.anythingCommitted((CheckPointState) tx)) {
            // Nothing committed yet: this topology's layout is the one its first commit will be made with.
            List<String> participants = new ArrayList<>(relayComponents);
            participants.addAll(statefulBolts);
            if (tx == null) {
                state.put(TX_STATE_KEY, new CheckPointState(-1, CheckPointState.State.COMMITTED));
            }
            state.put(CheckpointLayout.KEY, CheckpointLayout.of(participants, ctx));
            state.commit();
        }
        return (KeyValueState<String, CheckPointState>) (KeyValueState<String, ?>) state;
    }

    private static int intervalMillis(Map<String, Object> conf) {
        Object v = conf.get(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL);
        int interval = v instanceof Number ? ((Number) v).intValue() : 0;
        return Math.max(MIN_INTERVAL_MS, interval);
    }

    @Override
    public void nextTuple() {
        takeRelayOutcomes();
        takeRollbackRequest();
        if (step != null) {
            return;
        }
        if (recovering && clock.millis() < retryAtMillis) {
            return; // a step kept failing: do not retry in a hot loop
        }
        if (rollbackWanted && !recovering) {
            LOG.info("{}: a checkpointed spout's tuple failed; rolling back to txid {}", name, progress.current().getTxid());
            recovering = true;
        }
        if (recovering) {
            CheckPointState at = progress.current();
            if (progress.isCommitted() && rollbackWanted) {
                emit(at.getTxid() + 1, Action.ROLLBACK, true);
            } else {
                emit(at.getTxid(), at.nextAction(true), false);
            }
        } else if (!progress.isCommitted() || intervalElapsed()) {
            if (progress.isCommitted()) {
                progress.advance(); // a new transaction begins
                lastCheckpointTs = clock.millis();
            }
            emit(progress.current().getTxid(), progress.current().nextAction(false), false);
        }
    }

    private void takeRollbackRequest() {
        if (channel != null) {
            spoiledPrepare = Math.max(spoiledPrepare, channel.takeSpoiledPrepare());
            if (channel.takeRollbackRequest()) {
                rollbackWanted = true;
                if (step != null) {
                    LOG.info("{}: a checkpointed spout's tuple failed while {} of txid {} was in flight", name,
                            step.action, step.txid);
                }
            }
        }
    }

    private boolean intervalElapsed() {
        return clock.millis() - lastCheckpointTs >= checkpointInterval;
    }

    private void emit(long txid, Action action, boolean forcedRollback) {
        Step s = new Step(nextSeq++, txid, action, forcedRollback);
        LOG.debug("{}: {} emitting txid {} action {}", name, progress.current(), txid, action);
        step = s;
        s.ownPending = true;
        if (channel != null) {
            s.relaysPending = relayTasks.size();
            channel.publish(new CheckpointChannel.Step(s.seq, txid, action), relayTasks);
        }
        // Always, as Storm does: with no subscriber (every bolt fed by checkpointed spouts) the
        // tuple is complete at once; its emit is also what tells a step scheduler a step began.
        Values values = new Values(txid, action);
        collector.emit(CHECKPOINT_STREAM_ID, values, txid);
    }

    private void takeRelayOutcomes() {
        if (channel == null) {
            return;
        }
        CheckpointChannel.Outcome o;
        while ((o = channel.nextOutcome()) != null) {
            Step s = step;
            if (s == null || o.seq() != s.seq) {
                continue; // a step given up on already
            }
            s.relaysPending--;
            s.failed |= !o.acked();
            finishIfDone(s);
        }
    }

    @Override
    public void ack(Object msgId) {
        Step s = step;
        if (s == null || !s.ownPending || ((Number) msgId).longValue() != s.txid) {
            LOG.warn("{}: ack of checkpoint txid {} not awaited (now {})", name, msgId, progress.current());
            return;
        }
        s.ownPending = false;
        finishIfDone(s);
    }

    @Override
    public void fail(Object msgId) {
        Step s = step;
        if (s == null || !s.ownPending || ((Number) msgId).longValue() != s.txid) {
            LOG.debug("{}: fail of checkpoint txid {} not awaited", name, msgId);
            return;
        }
        s.ownPending = false;
        s.failed = true;
        finishIfDone(s);
    }

    private void finishIfDone(Step s) {
        if (s.ownPending || s.relaysPending > 0) {
            return;
        }
        takeRollbackRequest();
        if (s.action == Action.PREPARE && spoiledPrepare >= s.seq && !s.failed) {
            // A tuple emitted before this PREPARE failed: the positions it saved are past that
            // tuple, so this checkpoint must not be committed (and rolled back to).
            LOG.info("{}: PREPARE of txid {} spoiled by a failed tuple; rolling back", name, s.txid);
            s.failed = true;
        }
        if (s.failed) {
            step = null;
            recovering = true;
            failedInARow++;
            long wait = backoffMillis(failedInARow);
            retryAtMillis = clock.millis() + wait;
            if (failedInARow == 1) {
                LOG.debug("{}: {} of txid {} failed; recovering", name, s.action, s.txid);
            } else {
                String what = name + ": " + s.action + " of txid " + s.txid + " failed " + failedInARow
                        + " times in a row; the next try in " + wait + " ms (the components' errors say why)";
                LOG.warn(what);
                collector.reportError(new IllegalStateException(what));
            }
        } else {
            completed(s);
        }
    }

    /** No wait after one failure (a failed tuple's rollback is routine), then 100 ms doubling up to the maximum. */
    private long backoffMillis(int failures) {
        if (failures <= 1) {
            return 0;
        }
        long wait = FIRST_BACKOFF_MS << Math.min(failures - 2, 30);
        return Math.min(wait, maxBackoffMs);
    }

    private void completed(Step s) {
        step = null;
        failedInARow = 0;
        if (recovering) {
            if (s.forcedRollback) {
                rollbackWanted = false;
                return; // the state stays COMMITTED; INITSTATE comes next
            }
            if (s.action == Action.ROLLBACK) {
                rollbackWanted = false;
            }
            if (!progress.advanceRecovery()) {
                LOG.debug("{}: recovery complete at {}", name, progress.current());
                recovering = false;
            }
        } else {
            progress.advance();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        Fields stepFields = new Fields(CHECKPOINT_FIELD_TXID, CHECKPOINT_FIELD_ACTION);
        declarer.declareStream(CHECKPOINT_STREAM_ID, stepFields);
    }
}
