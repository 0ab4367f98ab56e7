package dev.gale.impl.executor;

/**
 * Implemented by spouts fed from inside the JVM (such as the testing FeederSpout) so that "wait
 * for idle" also waits for input handed to the spout but not yet emitted. Must be thread-safe.
 */
public interface PendingInput {

    /** True while input waits to be emitted by {@code nextTuple}. */
    boolean hasPendingInput();
}
