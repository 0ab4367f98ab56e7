package dev.gale.spout;

import dev.gale.spout.CheckPointState.Action;
import dev.gale.state.KeyValueState;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import dev.gale.task.TopologyContext;
import dev.gale.topology.FatalTopologyException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gale addition: what a checkpointed spout ({@link ICheckpointedSpout}) uses to take part in
 * checkpoints, for exactly-once state. It passes each action of the {@link CheckpointSpout} on in
 * the spout's own {@value CheckpointSpout#CHECKPOINT_STREAM_ID} stream, after every tuple the spout
 * emitted before (the bolts align on it), and keeps the spout's read position in a state of the
 * configured provider (namespace {@code "<topology>/<component>/<task index>/position"}) in the
 * same two-phase commit as the bolts' state: on PREPARE it saves the position reached, on COMMIT
 * commits it, on ROLLBACK goes back to the committed one and has the spout seek there, and on the
 * first INITSTATE has the spout seek to the committed position (or start as configured, if none).
 *
 * <p>The spout calls {@link #poll()} first in each {@code nextTuple} and emits only if it returns
 * true; passes every {@code ack} and {@code fail} to {@link #ack}/{@link #fail} first; and calls
 * {@link #dataFailed()} when one of its own tuples fails (the whole topology then rolls back to the
 * last commit and the spout re-reads from there). A rollback fails the tuples in flight that
 * bolts had taken: the spout must not call {@code dataFailed} for those (tuples emitted before its
 * last {@link Source#seek}; {@link #epoch()} tells them apart). The failure of a tuple emitted
 * before a PREPARE was relayed fails that PREPARE if it is not complete yet (its position is past
 * the tuple), as does a failure not yet rolled back when a PREPARE comes; a tuple emitted after the
 * PREPARE spoils nothing: the rollback it asks for goes back to that checkpoint, which precedes it.
 * The spout tells them apart by the {@link #prepareMark()} it kept with each tuple. Used on the
 * spout task's thread only.
 *
 * @param <P> the spout's position (e.g. an offset per partition), serializable by the state's serializer
 */
public final class CheckpointRelay<P extends Serializable> {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointRelay.class);
    static final String POSITION = "position";

    /** The spout's side: where it is, and how it goes somewhere. */
    public interface Source<P> {
        /** The position after the last tuple emitted (what a restart from here would read next). */
        P position();

        /**
         * Continue from {@code position} (forgetting what was read past it and not emitted, and the
         * tuples in flight); null: there is no checkpoint yet, start as configured.
         */
        void seek(P position);
    }

    /** The message id of a relayed checkpoint tuple. */
    private record RelayId(long seq, long txid, Action action) implements Serializable {
    }

    private final CheckpointChannel channel;
    private final SpoutOutputCollector collector;
    private final Source<P> source;
    private final KeyValueState<String, P> positions;
    private final int task;
    private final String name;
    private boolean initialized;
    /** A rollback was asked for and not yet passed on: further failures are part of the same one. */
    private boolean rollbackAsked;
    private long epoch;
    /** The seq of the PREPARE relayed and not yet acked or failed, or -1. */
    private long preparePending = -1;
    /** The seq of the last PREPARE relayed, or -1. */
    private long lastPrepare = -1;
    /** How many PREPAREs were relayed: a tuple emitted under a lower mark came before the last one. */
    private long prepareMark;
    /** A data tuple failed while {@link #preparePending} was in flight. */
    private boolean prepareSpoiled;
    /** The position saved by the last PREPARE, and its txid: committed by that txid's COMMIT. */
    private P prepared;
    private long preparedTxid = -1;
    /** The position of the last committed checkpoint, or null if none is known. */
    private P committed;

    /**
     * @throws IllegalStateException if the topology has no checkpoint channel (not built by a
     *     {@code TopologyBuilder} with stateful bolts)
     */
    @SuppressWarnings("unchecked")
    public CheckpointRelay(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector,
                           Source<P> source) {
        this.task = context.getThisTaskId();
        this.name = "spout '" + context.getThisComponentId() + "' task " + task;
        this.channel = (CheckpointChannel) context.getResource(CheckpointChannel.RESOURCE);
        if (channel == null) {
            throw new IllegalStateException(name + " is checkpointed, but the topology has no stateful bolt to"
                    + " checkpoint (or was not built by TopologyBuilder.createTopology)");
        }
        this.collector = collector;
        this.source = source;
        this.positions = (KeyValueState<String, P>) StateFactory.getState(
                StateNamespaces.of(context, POSITION), conf, context);
        channel.register(task);
    }

    /** Declares the stream the relayed checkpoint tuples go on. */
    public static void declareStream(OutputFieldsDeclarer declarer) {
        declarer.declareStream(CheckpointSpout.CHECKPOINT_STREAM_ID,
                new Fields(CheckpointSpout.CHECKPOINT_FIELD_TXID, CheckpointSpout.CHECKPOINT_FIELD_ACTION));
    }

    /**
     * Passes on the checkpoint actions due; returns true if the spout may emit now (its position is
     * known: the first INITSTATE has been passed on).
     */
    public boolean poll() {
        CheckpointChannel.Step step;
        while ((step = channel.nextStep(task)) != null) {
            relay(step);
        }
        return initialized;
    }

    private void relay(CheckpointChannel.Step step) {
        long txid = step.txid();
        try {
            switch (step.action()) {
                case PREPARE:
                    if (rollbackAsked) {
                        LOG.debug("{}: PREPARE of txid {} failed: a rollback is asked for", name, txid);
                        channel.report(new CheckpointChannel.Outcome(step.seq(), task, false));
                        return;
                    }
                    preparePending = step.seq();
                    lastPrepare = step.seq();
                    prepareMark++;
                    prepareSpoiled = false;
                    prepared = source.position();
                    preparedTxid = txid;
                    positions.put(POSITION, prepared);
                    positions.prepareCommit(txid);
                    break;
                case COMMIT:
                    positions.commit(txid);
                    if (txid == preparedTxid) {
                        committed = prepared;
                    }
                    break;
                case ROLLBACK:
                    rollbackAsked = false;
                    positions.rollback();
                    committed = positions.get(POSITION);
                    if (initialized) {
                        epoch++;
                        source.seek(committed);
                    }
                    break;
                case INITSTATE:
                    if (!initialized) {
                        P at = positions.get(POSITION);
                        committed = at;
                        LOG.info("{}: starting from the checkpointed position {}", name, at == null ? "(none yet)" : at);
                        epoch++;
                        source.seek(at);
                        initialized = true;
                    }
                    break;
                default:
                    throw new IllegalStateException("unknown action " + step.action());
            }
        } catch (RuntimeException e) {
            if (FatalTopologyException.isFatal(e)) {
                throw e; // no retry can clear it: the engine stops the topology
            }
            LOG.error("{}: {} of txid {} failed; the checkpoint will be recovered", name, step.action(), txid, e);
            if (step.action() == Action.PREPARE) {
                preparePending = -1;
            }
            channel.report(new CheckpointChannel.Outcome(step.seq(), task, false));
            return;
        }
        collector.emit(CheckpointSpout.CHECKPOINT_STREAM_ID, new Values(txid, step.action()),
                new RelayId(step.seq(), txid, step.action()));
    }

    /**
     * How many times the spout was told to seek: a tuple emitted under an earlier epoch was
     * rolled back, and its failure must not ask for another rollback.
     */
    public long epoch() {
        return epoch;
    }

    /**
     * The position of the last checkpoint committed (or rolled back to, or started from), or null
     * if there is none yet: where the spout would start again after a failure. A spout reports it
     * as its committed position (a Kafka spout's lag is measured from it).
     */
    public P committedPosition() {
        return committed;
    }

    /** Returns true if {@code msgId} is a relayed checkpoint tuple's (it is then handled). */
    public boolean ack(Object msgId) {
        if (msgId instanceof RelayId r) {
            boolean spoiled = settlePrepare(r) && prepareSpoiled;
            if (spoiled) {
                LOG.debug("{}: PREPARE of txid {} failed: a tuple failed while it was in flight", name, r.txid());
            }
            channel.report(new CheckpointChannel.Outcome(r.seq(), task, !spoiled));
            return true;
        }
        return false;
    }

    /** Returns true if {@code msgId} is a relayed checkpoint tuple's (it is then handled). */
    public boolean fail(Object msgId) {
        if (msgId instanceof RelayId r) {
            settlePrepare(r);
            channel.report(new CheckpointChannel.Outcome(r.seq(), task, false));
            return true;
        }
        return false;
    }

    /** True if {@code r} is the PREPARE in flight, which it then no longer is. */
    private boolean settlePrepare(RelayId r) {
        if (r.action() == Action.PREPARE && r.seq() == preparePending) {
            preparePending = -1;
            return true;
        }
        return false;
    }

    /**
     * What the spout keeps with each tuple it emits, to pass to {@link #dataFailed(long)} if the
     * tuple fails: how many PREPAREs were relayed before it.
     */
    public long prepareMark() {
        return prepareMark;
    }

    /**
     * One of the spout's tuples failed: the topology rolls back to the last commit, and the spout
     * with it. Without the tuple's {@link #prepareMark()}, it counts as emitted before the last PREPARE.
     */
    public void dataFailed() {
        dataFailed(Long.MIN_VALUE);
    }

    /** One of the spout's tuples failed, emitted when {@link #prepareMark()} was {@code mark}. */
    public void dataFailed(long mark) {
        boolean beforeLastPrepare = mark < prepareMark;
        if (beforeLastPrepare && preparePending >= 0) {
            prepareSpoiled = true;
        }
        if (beforeLastPrepare && lastPrepare >= 0) {
            channel.requestRollback(lastPrepare);
            rollbackAsked = true;
        } else if (!rollbackAsked) {
            rollbackAsked = true;
            channel.requestRollback();
        }
    }
}
