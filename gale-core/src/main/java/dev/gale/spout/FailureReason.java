package dev.gale.spout;

/**
 * Why a spout's tuple tree failed (Gale addition): the {@link FailureInfo#reason() reason} a
 * {@link FailureAware} spout is given, and the key of the failure counts in the stats.
 */
public enum FailureReason {
    /** The tree did not complete within the message timeout ({@code topology.message.timeout.secs}). */
    TIMEOUT,
    /**
     * A bolt failed a tuple of the tree: it called {@code OutputCollector.fail}, or a basic bolt
     * threw {@code FailedException} (then the exception's class and message are known).
     */
    FAILED,
    /**
     * A bolt's user code threw while executing a tuple of the tree (or the bolt's {@code prepare}
     * threw, and its task fails every input); the exception's class and message are known.
     */
    THREW,
    /**
     * The spout's emit was refused before any tuple left: an undeclared stream, values that do not
     * match the stream's fields, or a direct emit to a task that does not subscribe.
     */
    EMIT_FAILED,
    /** The stream's grouping threw or chose a task that does not exist, so nothing was sent. */
    GROUPING_FAILED
}
