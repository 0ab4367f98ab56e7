package dev.gale;

import java.util.List;

/**
 * What a kill found (Gale only: Storm's kill methods return nothing). Returned by
 * {@link LocalCluster#killTopologyAndReport}; the same facts are logged.
 *
 * @param topologyName   the killed topology
 * @param pendingTrees   tuple trees still pending when the topology stopped: neither acked nor
 *                       failed to their spout, dropped with the topology. After a drain that ran
 *                       to completion, 0
 * @param stuckExecutors executors that were still in user code when the grace period after the
 *                       kill ended, so the kill interrupted them; empty when every executor
 *                       stopped by itself
 *
 * <p>Immutable.
 */
public record KillReport(String topologyName, long pendingTrees, List<StuckExecutor> stuckExecutors) {

    public KillReport {
        stuckExecutors = List.copyOf(stuckExecutors);
    }

    /**
     * An executor that did not stop within the grace period.
     *
     * @param componentId the component it runs
     * @param taskIds     its tasks
     * @param threadName  its thread
     * @param stackTrace  where its thread was when the grace period ended, one frame a line
     * @param stopped     true if it stopped once interrupted (and closed or cleaned up its
     *                    tasks); false if it ignored the interrupt too and was abandoned: its
     *                    daemon thread cannot keep the JVM alive, and it closes or cleans up its
     *                    tasks if the user code it is in ever returns
     */
    public record StuckExecutor(String componentId, List<Integer> taskIds, String threadName, String stackTrace,
                                boolean stopped) {
        public StuckExecutor {
            taskIds = List.copyOf(taskIds);
        }
    }
}
