package dev.gale.impl.grouping;

import java.util.List;

/** A direct subscription: plain emits never reach it; the emitter names the task with emitDirect. */
final class DirectGrouper implements Grouper {

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        return 0;
    }

    @Override
    public int maxTargets() {
        return 0;
    }
}
