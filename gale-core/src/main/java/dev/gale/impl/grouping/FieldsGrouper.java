package dev.gale.impl.grouping;

import java.util.Arrays;
import java.util.List;

/**
 * Sends every tuple with equal values of the grouping fields to the same task. Array values are
 * hashed by content, so equal byte arrays group together. Not thread-safe (stateless, in fact).
 */
final class FieldsGrouper implements Grouper {
    private final int[] tasks;
    private final int[] fieldIndexes;
    /** tasks.length - 1 when that is a power of two, else -1. */
    private final int mask;

    FieldsGrouper(int[] tasks, int[] fieldIndexes) {
        this.tasks = tasks;
        this.fieldIndexes = fieldIndexes;
        this.mask = Integer.bitCount(tasks.length) == 1 ? tasks.length - 1 : -1;
    }

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        int h = 1;
        for (int idx : fieldIndexes) {
            h = 31 * h + hash(values.get(idx));
        }
        // Spread the bits so that keys differing only in high bits do not share a task.
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        // For a power of two, the mask picks the task floorMod would, without a division per tuple.
        out[offset] = tasks[mask >= 0 ? h & mask : Math.floorMod(h, tasks.length)];
        return 1;
    }

    static int hash(Object v) {
        if (v instanceof String) {
            return v.hashCode(); // the common key, without the array check
        }
        if (v == null) {
            return 0;
        }
        if (v.getClass().isArray()) {
            return Arrays.deepHashCode(new Object[] {v});
        }
        return v.hashCode();
    }

    @Override
    public int maxTargets() {
        return 1;
    }
}
