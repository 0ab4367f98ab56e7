package dev.gale.impl.executor;

import dev.gale.impl.stats.TaskMetrics;
import dev.gale.stats.ComponentKind;
import java.util.List;

/**
 * What an executor tells the stats readers about its tasks: their live counters and the trees it
 * keeps track of.
 *
 * <p>Any thread may read: implementations answer from counters and volatile fields.
 */
public interface TaskReadings {

    /** Live counters of every task, in task order. */
    List<TaskMetrics> metrics();

    /** Whether the tasks are a spout's, a bolt's or the acker's. */
    ComponentKind kind();

    /** Trees kept track of: a spout's not yet complete, the acker's in its table; 0 for bolts. Exact when the topology is idle. */
    default int pendingTrees() {
        return 0;
    }

    /** Bytes of the tables behind {@link #pendingTrees()}. */
    default long trackingBytes() {
        return 0;
    }

    /** Trees pending once a spout executor has handled a deactivation; -1 while active, and for other executors. */
    default long pendingWhileInactive() {
        return -1;
    }

    /** True when the tasks hold input not yet turned into messages (fed spouts). */
    default boolean hasPendingInput() {
        return false;
    }
}
