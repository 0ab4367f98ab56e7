package dev.gale.testing;

import dev.gale.generated.GlobalStreamId;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.task.WorkerTopologyContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Sends every tuple to the {@code n} lowest-numbered target tasks (Storm's test grouping).
 * Immutable once prepared.
 */
public class NGrouping implements CustomStreamGrouping {
    private static final long serialVersionUID = 1L;

    private final int number;
    private List<Integer> outTasks;

    public NGrouping(Integer n) {
        this.number = n;
    }

    /**
     * @throws IllegalArgumentException if there are fewer than {@code n} target tasks
     */
    @Override
    public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
        if (targetTasks.size() < number) {
            throw new IllegalArgumentException("NGrouping(" + number + ") on " + stream + " has only "
                    + targetTasks.size() + " target tasks: " + targetTasks);
        }
        List<Integer> sorted = new ArrayList<>(targetTasks);
        Collections.sort(sorted);
        outTasks = List.copyOf(sorted.subList(0, number));
    }

    @Override
    public List<Integer> chooseTasks(int taskId, List<Object> values) {
        return outTasks;
    }
}
