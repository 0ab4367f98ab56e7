package dev.gale.grouping;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.WorkerTopologyContext;
import java.io.Serializable;
import java.util.List;

/**
 * A user-defined grouping: picks the target tasks of each tuple on a subscribed stream.
 *
 * <p>Every emitting task gets its own copy, so implementations need not be thread-safe.
 */
public interface CustomStreamGrouping extends Serializable {

    /**
     * Called once per emitting task before any tuple is routed.
     *
     * @param targetTasks the task ids of the subscribing bolt, ascending
     */
    void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks);

    /**
     * The tasks that get this tuple, each one of the {@code targetTasks} given to prepare.
     *
     * @param taskId the emitting task
     */
    List<Integer> chooseTasks(int taskId, List<Object> values);
}
