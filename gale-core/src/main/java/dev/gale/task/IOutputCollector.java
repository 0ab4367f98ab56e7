package dev.gale.task;

import dev.gale.tuple.Tuple;
import java.util.Collection;
import java.util.List;

/** The operations behind an {@link OutputCollector}. */
public interface IOutputCollector extends IErrorReporter {

    /** Emits anchored to the given inputs (none: untracked); returns the target task ids. */
    List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple);

    void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple);

    void ack(Tuple input);

    void fail(Tuple input);

    /**
     * Fails {@code input} because of {@code cause}: the spout's {@code FailureAware.fail} learns the
     * exception (reason {@code FAILED}, with its class and message) as it does for a
     * {@code FailedException}. A Gale addition; collectors that do not record reasons just fail.
     */
    default void fail(Tuple input, Throwable cause) {
        fail(input);
    }

    /** Renews the timeout of every tree the tuple belongs to, in the acker and at the spout. */
    void resetTimeout(Tuple input);

    void reportError(Throwable error);

    /** Sends buffered tuples now. Gale sends without user-visible buffering, so this is a no-op. */
    void flush();
}
