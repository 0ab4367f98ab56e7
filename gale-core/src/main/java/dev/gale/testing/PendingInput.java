package dev.gale.testing;

/**
 * Implemented by spouts fed from inside the JVM (such as {@link FeederSpout}) so that "wait for
 * idle" also waits for input handed to the spout but not yet emitted. A Gale addition of the
 * testing kit; the engine's spout executors ask it. Must be thread-safe.
 */
public interface PendingInput {

    /** True while input waits to be emitted by {@code nextTuple}. */
    boolean hasPendingInput();
}
