package dev.gale.impl.grouping;

import dev.gale.grouping.CustomStreamGrouping;
import java.util.Arrays;
import java.util.List;

/** Adapts a user's {@link CustomStreamGrouping}, checking that it picks valid tasks. Not thread-safe. */
final class CustomGrouper implements Grouper {
    private final CustomStreamGrouping grouping;
    private final int[] sortedTasks;
    private final int emitterTask;
    private final String description;

    CustomGrouper(CustomStreamGrouping grouping, int[] tasks, int emitterTask, String description) {
        this.grouping = grouping;
        this.sortedTasks = tasks.clone();
        Arrays.sort(sortedTasks);
        this.emitterTask = emitterTask;
        this.description = description;
    }

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        List<Integer> chosen;
        try {
            chosen = grouping.chooseTasks(emitterTask, values);
        } catch (RuntimeException e) {
            throw new IllegalStateException(description + ": grouping " + grouping.getClass().getName()
                    + " threw in chooseTasks (emitting task " + emitterTask + "): " + e, e);
        }
        if (chosen == null) {
            return 0;
        }
        if (chosen.size() > sortedTasks.length) {
            throw new IllegalStateException(description + ": grouping " + grouping.getClass().getName()
                    + " chose " + chosen.size() + " tasks, more than the " + sortedTasks.length + " there are");
        }
        int n = 0;
        for (Integer t : chosen) {
            if (t == null || Arrays.binarySearch(sortedTasks, t) < 0) {
                throw new IllegalStateException(description + ": grouping " + grouping.getClass().getName()
                        + " chose task " + t + ", which is not one of " + Arrays.toString(sortedTasks));
            }
            out[offset + n++] = t;
        }
        return n;
    }

    @Override
    public int maxTargets() {
        return sortedTasks.length;
    }
}
