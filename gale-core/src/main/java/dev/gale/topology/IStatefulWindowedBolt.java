package dev.gale.topology;

import dev.gale.state.State;

/**
 * A windowed bolt with state: add it with
 * {@link TopologyBuilder#setBolt(String, IStatefulWindowedBolt, Number)}. Without persistence the
 * window is kept in memory and, after a failure, windows already evaluated are not evaluated again
 * (the tuples need a message id field, {@code withMessageIdField}); with persistence
 * ({@link #isPersistent()}) the window's tuples are saved in the state with each checkpoint, and
 * at most {@link #maxEventsInMemory()} of them are kept in memory.
 *
 * @param <T> the state type
 */
public interface IStatefulWindowedBolt<T extends State> extends IStatefulComponent<T>, IWindowedBolt {
    /** True if the window is saved in the state. Default false. */
    default boolean isPersistent() {
        return false;
    }

    /** The most window tuples kept in memory when persistent. Default 1,000,000. */
    default long maxEventsInMemory() {
        return 1_000_000L;
    }
}
