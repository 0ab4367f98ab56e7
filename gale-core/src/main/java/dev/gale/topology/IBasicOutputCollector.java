package dev.gale.topology;

import dev.gale.task.IErrorReporter;
import java.util.List;

/** Emits for an {@link IBasicBolt}: every emit is anchored to the current input. */
public interface IBasicOutputCollector extends IErrorReporter {

    List<Integer> emit(String streamId, List<Object> tuple);

    void emitDirect(int taskId, String streamId, List<Object> tuple);

    void reportError(Throwable t);
}
