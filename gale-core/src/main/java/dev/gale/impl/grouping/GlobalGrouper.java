package dev.gale.impl.grouping;

import java.util.List;

/** Sends every tuple to the task with the lowest id. Stateless. */
final class GlobalGrouper implements Grouper {
    private final int lowestTask;

    GlobalGrouper(int[] tasks) {
        int min = Integer.MAX_VALUE;
        for (int t : tasks) {
            min = Math.min(min, t);
        }
        this.lowestTask = min;
    }

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        out[offset] = lowestTask;
        return 1;
    }

    @Override
    public int maxTargets() {
        return 1;
    }
}
