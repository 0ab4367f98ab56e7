package dev.gale.spout;

import dev.gale.topology.IRichSpout;

/**
 * Gale addition: a spout that can keep its read position in the topology's checkpoints, for
 * exactly-once state. When {@link #isCheckpointed()} is true and the topology has stateful bolts,
 * {@code TopologyBuilder} has the bolts it feeds take their checkpoint tuples from it instead of
 * from the {@link CheckpointSpout}: the spout passes each checkpoint action on in its own stream
 * with a {@link CheckpointRelay}, after the tuples it emitted before, so every checkpoint is a
 * consistent cut of what it read. See {@code docs/state.md}.
 */
public interface ICheckpointedSpout extends IRichSpout {
    /** True if this spout takes part in checkpoints; read once, by {@code TopologyBuilder.createTopology}. */
    boolean isCheckpointed();

    /**
     * Called by the engine instead of {@code nextTuple} while this task may not emit data (it has
     * {@code topology.max.spout.pending} trees open): pass on the checkpoint actions that are due
     * ({@link CheckpointRelay#poll()}) and emit nothing else. The open trees wait for a checkpoint to
     * commit (stateful bolts ack on commit), so a relay that waited for room would wait forever.
     * Called on the task's thread, only when {@link #isCheckpointed()} is true.
     */
    default void relayCheckpoints() {
    }
}
