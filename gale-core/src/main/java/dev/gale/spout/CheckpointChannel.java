package dev.gale.spout;

import dev.gale.hooks.IWorkerHook;
import dev.gale.spout.CheckPointState.Action;
import dev.gale.task.WorkerUserContext;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gale addition: how the {@link CheckpointSpout} reaches the checkpointed spouts
 * ({@link ICheckpointedSpout}, exactly-once mode) of the same topology, which relay each
 * checkpoint action into their own streams. One per running topology, published as a worker
 * resource ({@link #RESOURCE}) by the {@link Hook} that {@code TopologyBuilder} adds.
 *
 * <p>Thread-safe: the checkpoint spout and the relaying spout tasks use it from their own threads.
 */
public final class CheckpointChannel {
    /** The worker resource name it is published under. */
    public static final String RESOURCE = "gale.checkpoint.channel";

    /** A step the checkpoint spout asks every relay to pass on. */
    public record Step(long seq, long txid, Action action) {
    }

    /** What became of a relay's checkpoint tuple for a step. */
    public record Outcome(long seq, int relayTask, boolean acked) {
    }

    private final Map<Integer, Queue<Step>> steps = new ConcurrentHashMap<>();
    private final Queue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean rollbackRequested = new AtomicBoolean();
    /** The highest seq of a PREPARE that a failed tuple emitted before it spoiled, or -1. */
    private final AtomicLong spoiledPrepare = new AtomicLong(-1);

    /** Called by a relay task when it opens. */
    public void register(int relayTask) {
        steps.computeIfAbsent(relayTask, t -> new ConcurrentLinkedQueue<>());
    }

    /** The checkpoint spout asks every relay for {@code step}. */
    public void publish(Step step, Iterable<Integer> relayTasks) {
        for (int t : relayTasks) {
            steps.computeIfAbsent(t, x -> new ConcurrentLinkedQueue<>()).add(step);
        }
    }

    /** The next step for {@code relayTask} to pass on, or null. */
    public Step nextStep(int relayTask) {
        Queue<Step> q = steps.get(relayTask);
        return q == null ? null : q.poll();
    }

    /** A relay reports the fate of its tuple for a step. */
    public void report(Outcome outcome) {
        outcomes.add(outcome);
    }

    /** The next outcome reported, or null. */
    public Outcome nextOutcome() {
        return outcomes.poll();
    }

    /**
     * A relay's data tuple failed: every stateful bolt must roll back to the last commit and every
     * relay rewind to its checkpointed position.
     */
    public void requestRollback() {
        rollbackRequested.set(true);
    }

    /**
     * Same, for a tuple emitted before the PREPARE of step {@code prepareSeq} was relayed: that
     * checkpoint saved a position past the tuple and must not be committed.
     */
    public void requestRollback(long prepareSeq) {
        spoiledPrepare.accumulateAndGet(prepareSeq, Math::max);
        rollbackRequested.set(true);
    }

    /** Takes the highest PREPARE seq spoiled by {@link #requestRollback(long)} since the last call, or -1. */
    public long takeSpoiledPrepare() {
        return spoiledPrepare.getAndSet(-1);
    }

    /** Takes the request made by {@link #requestRollback()}, if any. */
    public boolean takeRollbackRequest() {
        return rollbackRequested.getAndSet(false);
    }

    /** Publishes a fresh channel when the topology starts. */
    public static final class Hook implements IWorkerHook {
        private static final long serialVersionUID = 1L;

        @Override
        public void start(Map<String, Object> topoConf, WorkerUserContext context) {
            context.setResource(RESOURCE, new CheckpointChannel());
        }

        @Override
        public void shutdown() {
        }
    }
}
