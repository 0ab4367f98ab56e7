package dev.gale.impl.grouping;

import java.util.List;

/**
 * Chooses the target tasks of one emitted tuple for one subscribing component. One instance per
 * emitting task and subscription; not thread-safe.
 */
public interface Grouper {

    /**
     * Writes the chosen task ids into {@code out} from position {@code offset} (there is room
     * for {@link #maxTargets()}) and returns how many were written.
     */
    int chooseTasks(List<Object> values, int[] out, int offset);

    /** Largest number of tasks one tuple can go to. */
    int maxTargets();

    /** Where tasks run now, for groupings that prefer targets near the emitter; before the first choice. */
    default void placement(Placement placement) {
    }
}
