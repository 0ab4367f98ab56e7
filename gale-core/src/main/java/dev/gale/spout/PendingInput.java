package dev.gale.spout;

/**
 * Implemented by a spout fed from inside the JVM (such as the testing kit's {@code FeederSpout})
 * that holds input it has not emitted yet, so that waiting for an idle topology also waits for
 * that input, and a spout at its pending limit is not counted as having work. A Gale addition to
 * the spout contract. Must be thread-safe: the engine asks from any thread.
 */
public interface PendingInput {

    /** True while input waits to be emitted by {@code nextTuple}. */
    boolean hasPendingInput();
}
