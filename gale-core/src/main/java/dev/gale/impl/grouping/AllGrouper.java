package dev.gale.impl.grouping;

import java.util.List;

/** Sends every tuple to every task. Stateless. */
final class AllGrouper implements Grouper {
    private final int[] tasks;

    AllGrouper(int[] tasks) {
        this.tasks = tasks;
    }

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        System.arraycopy(tasks, 0, out, offset, tasks.length);
        return tasks.length;
    }

    @Override
    public int maxTargets() {
        return tasks.length;
    }
}
