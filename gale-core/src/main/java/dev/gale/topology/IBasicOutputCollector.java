package dev.gale.topology;

import dev.gale.task.IErrorReporter;
import dev.gale.tuple.Tuple;
import java.util.List;

/** Emits for an {@link IBasicBolt}: every emit is anchored to the current input. */
public interface IBasicOutputCollector extends IErrorReporter {

    List<Integer> emit(String streamId, List<Object> tuple);

    void emitDirect(int taskId, String streamId, List<Object> tuple);

    /**
     * Restarts the message timeout of the tuple trees {@code tuple} belongs to (normally the input
     * being executed), so a long {@code execute} does not see it replayed meanwhile; see
     * {@code OutputCollector.resetTimeout}.
     */
    void resetTimeout(Tuple tuple);

    void reportError(Throwable t);
}
