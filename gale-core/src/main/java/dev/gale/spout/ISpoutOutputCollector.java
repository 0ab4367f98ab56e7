package dev.gale.spout;

import dev.gale.task.IErrorReporter;
import java.util.List;

/** The operations behind a {@link SpoutOutputCollector}. */
public interface ISpoutOutputCollector extends IErrorReporter {

    /** Emits; returns the ids of the tasks the tuple was sent to. A null message id is untracked. */
    List<Integer> emit(String streamId, List<Object> tuple, Object messageId);

    void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId);

    /** How many tuples of this task are waiting for their tree to complete. */
    long getPendingCount();

    void reportError(Throwable error);

    /** Sends buffered tuples now. Gale sends without user-visible buffering, so this is a no-op. */
    void flush();
}
