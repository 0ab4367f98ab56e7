package dev.gale.grouping;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.WorkerTopologyContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Storm's shuffle grouping as a custom grouping: the target tasks in a random order fixed at
 * prepare, then round-robin over them, so every task gets the same share. Gale's built-in
 * {@code shuffleGrouping} does not use this class (it has a faster, per-task router); it exists
 * for code that names it. Thread-safe: {@code chooseTasks} may be called from several threads.
 */
public class ShuffleGrouping implements CustomStreamGrouping {
    private static final long serialVersionUID = 1L;

    private List<List<Integer>> choices;
    private AtomicInteger next;

    @Override
    public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
        List<List<Integer>> c = new ArrayList<>(targetTasks.size());
        for (Integer t : targetTasks) {
            c.add(List.of(t));
        }
        Collections.shuffle(c, ThreadLocalRandom.current());
        this.choices = c;
        this.next = new AtomicInteger();
    }

    @Override
    public List<Integer> chooseTasks(int taskId, List<Object> values) {
        // getAndIncrement wraps only after 2^32 calls; floorMod keeps the index valid across it.
        return choices.get(Math.floorMod(next.getAndIncrement(), choices.size()));
    }
}
