package dev.gale.impl.grouping;

import java.util.List;

/**
 * Spreads tuples evenly: round robin over the target tasks, starting at a different task for
 * each emitter so that emitters do not all hit the same task first. Not thread-safe.
 */
final class ShuffleGrouper implements Grouper {
    private final int[] tasks;
    private int next;

    ShuffleGrouper(int[] tasks, int emitterTask) {
        this.tasks = tasks;
        this.next = Math.floorMod(emitterTask * 0x9E3779B9, tasks.length);
    }

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        out[offset] = tasks[next];
        if (++next == tasks.length) {
            next = 0;
        }
        return 1;
    }

    @Override
    public int maxTargets() {
        return 1;
    }
}
