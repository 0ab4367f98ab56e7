package dev.gale.coordination;

import dev.gale.utils.Utils;
import java.util.List;

/**
 * What an {@link IBatchBolt} emits through: unanchored emits (the batch's completion is tracked by
 * its {@link CoordinatedBolt}, not by the tuple trees). Not thread-safe: use it on the bolt's thread.
 */
public abstract class BatchOutputCollector {

    /** Emits on the default stream; returns the tasks the tuple went to. */
    public List<Integer> emit(List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, tuple);
    }

    public abstract List<Integer> emit(String streamId, List<Object> tuple);

    /** Emits to one task on the default stream, which must be declared direct. */
    public void emitDirect(int taskId, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, tuple);
    }

    public abstract void emitDirect(int taskId, String streamId, List<Object> tuple);

    /** Sends tuples batched for sending. */
    public abstract void flush();

    public abstract void reportError(Throwable error);
}
