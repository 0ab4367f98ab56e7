package dev.gale.topology;

import static dev.gale.spout.CheckpointSpout.CHECKPOINT_FIELD_ACTION;
import static dev.gale.spout.CheckpointSpout.CHECKPOINT_FIELD_TXID;
import static dev.gale.spout.CheckpointSpout.CHECKPOINT_STREAM_ID;

import dev.gale.generated.GlobalStreamId;
import dev.gale.spout.CheckPointState;
import dev.gale.spout.CheckPointState.Action;
import dev.gale.spout.CheckpointSpout;
import dev.gale.task.IOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the bolts of a topology with stateful bolts have in common: checkpoint tuples (stream
 * {@value CheckpointSpout#CHECKPOINT_STREAM_ID}) are handled once a copy came from every task
 * that sends this bolt checkpoints, and every other tuple goes to {@link #handleTuple}.
 *
 * <p>Unlike Storm's, the copies that came first are held (not acked) until the last one is handled,
 * and the copy passed on downstream is anchored to all of them, so a checkpoint is acked to the
 * spout only once every bolt handled it. Gale addition: with checkpointed spouts (exactly-once),
 * the bolt aligns its inputs: once a copy came from a task, that task's later tuples wait until
 * the checkpoint is handled, so the state saved reflects exactly the tuples sent before it. An
 * aligned bolt that failed an input, or threw on one, since the last PREPARE fails the next PREPARE:
 * the checkpoint would otherwise commit the spouts' positions past a tuple whose effect the state
 * lacks, and the rollback that the failure asks for would go back to that checkpoint.
 *
 * <p>One instance per task, used on the task's thread only.
 */
public abstract class BaseStatefulBoltExecutor implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(BaseStatefulBoltExecutor.class);
    protected transient OutputCollector collector;
    private transient Set<Integer> checkpointInputTasks;
    /** Each input task's latest checkpoint request not yet handled. */
    private transient Map<Integer, Request> latest;
    /** The checkpoint tuples held per request, until it is handled. */
    private transient Map<Request, List<Tuple>> held;
    private transient long lastTxid;
    /** Tuples that came after a checkpoint copy from their task, waiting for that checkpoint (aligned mode). */
    private transient ArrayDeque<Waiting> waiting;
    private boolean aligned;
    /** An input was failed or threw since the last PREPARE or ROLLBACK (any thread may fail a tuple). */
    private transient volatile boolean inputFailed;
    /** "bolt 'x' task n", for messages. */
    protected transient String taskName;

    private record Request(Action action, long txid) {
    }

    private record Waiting(Tuple tuple, Request request) {
    }

    /** Gale: align inputs on checkpoints (set by TopologyBuilder when the topology has checkpointed spouts). */
    void setAligned(boolean aligned) {
        this.aligned = aligned;
    }

    /** Whether this bolt aligns its inputs on checkpoints. */
    protected boolean isAligned() {
        return aligned;
    }

    protected void init(TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.taskName = "bolt '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
        this.checkpointInputTasks = new HashSet<>();
        for (GlobalStreamId input : context.getThisSources().keySet()) {
            if (CHECKPOINT_STREAM_ID.equals(input.get_streamId())) {
                checkpointInputTasks.addAll(context.getComponentTasks(input.get_componentId()));
            }
        }
        this.latest = new HashMap<>();
        this.held = new HashMap<>();
        this.waiting = new ArrayDeque<>();
        this.lastTxid = Long.MIN_VALUE;
    }

    @Override
    public void execute(Tuple input) {
        if (CheckpointSpout.isCheckpoint(input)) {
            processCheckpoint(input);
        } else if (aligned && latest.containsKey(input.getSourceTask())) {
            // Sent after a checkpoint not handled yet: it belongs after it.
            waiting.add(new Waiting(input, latest.get(input.getSourceTask())));
        } else {
            try {
                handleTuple(input);
            } catch (RuntimeException | Error e) {
                inputFailed = true; // the engine fails the tuple and reports the error
                throw e;
            }
        }
    }

    /** The bolt failed one of its inputs: in aligned mode the next PREPARE fails. */
    protected final void noteInputFailed() {
        inputFailed = true;
    }

    /**
     * Runs {@link #handleTuple} for a tuple the engine is not executing now (it waited for a
     * checkpoint or for the state): an exception fails that tuple and is reported, as the engine
     * does for {@code execute}.
     */
    protected final void handleHeldTuple(Tuple input) {
        try {
            handleTuple(input);
        } catch (RuntimeException e) {
            if (FatalTopologyException.isFatal(e)) {
                throw e; // no retry can clear it: the engine stops the topology
            }
            inputFailed = true;
            LOG.error("{}: a held tuple from '{}' stream '{}' threw; the tuple is failed", taskName,
                    input.getSourceComponent(), input.getSourceStreamId(), e);
            collector.reportError(e);
            collector.fail(input);
        }
    }

    private void processCheckpoint(Tuple input) {
        Action action = (Action) input.getValueByField(CHECKPOINT_FIELD_ACTION);
        long txid = input.getLongByField(CHECKPOINT_FIELD_TXID);
        Request request = new Request(action, txid);
        int from = input.getSourceTask();
        Request previous = latest.put(from, request);
        if (previous != null && !previous.equals(request) && !latest.containsValue(previous)) {
            abandon(previous); // its sender moved on: that checkpoint failed somewhere and will not complete
        }
        held.computeIfAbsent(request, r -> new ArrayList<>()).add(input);
        for (int task : checkpointInputTasks) {
            if (!request.equals(latest.get(task))) {
                LOG.debug("{}: {} txid {} waits for the copies of other tasks", taskName, action, txid);
                return;
            }
        }
        List<Tuple> copies = held.remove(request);
        latest.clear();
        try {
            if (action == Action.PREPARE && aligned && inputFailed) {
                inputFailed = false;
                LOG.info("{}: PREPARE of txid {} failed: an input failed since the last checkpoint, whose"
                        + " position it would commit past", taskName, txid);
                for (Tuple t : copies) {
                    collector.fail(t);
                }
            } else if (txid >= lastTxid) {
                if (action == Action.PREPARE || action == Action.ROLLBACK) {
                    inputFailed = false;
                }
                handleCheckpoint(copies, action, txid);
                lastTxid = action == Action.ROLLBACK ? txid - 1 : txid;
            } else {
                LOG.debug("{}: ignoring old transaction: {} txid {}", taskName, action, txid);
                ackAll(copies);
            }
        } catch (RuntimeException e) {
            if (FatalTopologyException.isFatal(e)) {
                throw e; // no retry can clear it: the engine stops the topology
            }
            LOG.error("{}: {} of txid {} failed; the checkpoint will be recovered", taskName, action, txid, e);
            collector.reportError(e);
            for (Tuple t : copies) {
                collector.fail(t);
            }
        }
        releaseWaiting();
    }

    private void abandon(Request request) {
        List<Tuple> copies = held.remove(request);
        if (copies != null) {
            LOG.debug("{}: {} txid {} abandoned: an input moved past it", taskName, request.action, request.txid);
            ackAll(copies);
        }
        releaseWaiting();
    }

    /** Handles, in arrival order, the waiting tuples whose checkpoint was handled or abandoned. */
    private void releaseWaiting() {
        if (waiting.isEmpty()) {
            return;
        }
        ArrayDeque<Waiting> still = new ArrayDeque<>();
        Waiting w;
        while ((w = waiting.poll()) != null) {
            if (latest.containsValue(w.request)) {
                still.add(w);
            } else {
                handleHeldTuple(w.tuple);
            }
        }
        waiting = still;
    }

    private void ackAll(List<Tuple> copies) {
        for (Tuple t : copies) {
            collector.ack(t);
        }
    }

    /** The checkpoint copies are handled: pass one on anchored to all, and ack them all. */
    protected void forwardCheckpoint(List<Tuple> copies, Action action, long txid, OutputCollector out) {
        out.emit(CHECKPOINT_STREAM_ID, copies, new Values(txid, action));
    }

    protected void declareCheckpointStream(OutputFieldsDeclarer declarer) {
        declarer.declareStream(CHECKPOINT_STREAM_ID, new Fields(CHECKPOINT_FIELD_TXID, CHECKPOINT_FIELD_ACTION));
    }

    /** Handles a tuple that is not a checkpoint. */
    protected abstract void handleTuple(Tuple input);

    /**
     * Handles a checkpoint that came from every input task: {@code copies} are its tuples, one per
     * input task; the implementation passes it on ({@link #forwardCheckpoint}) and acks the copies.
     * An exception fails the copies, so the checkpoint is recovered.
     */
    protected abstract void handleCheckpoint(List<Tuple> copies, CheckPointState.Action action, long txid);

    /** Refuses unanchored emits: in a stateful topology every tuple must belong to a tree, as in Storm. */
    protected static class AnchoringOutputCollector extends OutputCollector {
        private final Runnable onFail;

        AnchoringOutputCollector(IOutputCollector delegate) {
            this(delegate, () -> { });
        }

        /** Calls {@code onFail} on each {@link #fail}: the bolt failed one of its inputs. */
        AnchoringOutputCollector(IOutputCollector delegate, Runnable onFail) {
            super(delegate);
            this.onFail = onFail;
        }

        @Override
        public void fail(Tuple input) {
            onFail.run();
            super.fail(input);
        }

        @Override
        public void fail(Tuple input, Throwable cause) {
            onFail.run();
            super.fail(input, cause);
        }

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple) {
            throw new UnsupportedOperationException("Bolts in a stateful topology must emit anchored tuples.");
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple) {
            throw new UnsupportedOperationException("Bolts in a stateful topology must emit anchored tuples.");
        }
    }
}
