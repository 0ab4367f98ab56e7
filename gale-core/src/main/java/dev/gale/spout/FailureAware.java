package dev.gale.spout;

/**
 * A spout that wants to know why a tuple tree failed (Gale addition). When a spout implements it,
 * the engine calls {@link #fail(Object, FailureInfo)} instead of {@link ISpout#fail(Object)} (never
 * both); a spout that does not implement it keeps getting the plain {@code fail}. Called on the
 * spout's thread, between {@code nextTuple} calls, like {@code ISpout.fail}.
 */
public interface FailureAware {

    /**
     * The tuple tree of the tuple emitted with this message id failed, for the reason {@code info}
     * gives; replay the message if it must not be lost.
     */
    void fail(Object msgId, FailureInfo info);
}
