package dev.gale.impl.grouping;

/**
 * Where tasks run now, as an emitting task's groupings see it: which tasks share a scheduler
 * thread, and how full their queues are. It only steers a shuffle among targets that are all
 * valid, so an answer that is stale by the time it is used costs speed, never correctness.
 *
 * <p>Called on the emitting task's thread only.
 */
public interface Placement {

    /** Nothing known: every task counts as on an unknown thread, so shuffles spread over all. */
    Placement UNKNOWN = new Placement() {
        @Override
        public Object threadOf(int taskId) {
            return null;
        }

        @Override
        public double load(int taskId) {
            return 0;
        }
    };

    /** A token that is the same object for tasks whose executors run on the same thread now; null if unknown. */
    Object threadOf(int taskId);

    /** How full the task's queue is, from 0 (empty) to 1 (full). */
    double load(int taskId);
}
