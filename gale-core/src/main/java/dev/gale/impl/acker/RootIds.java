package dev.gale.impl.acker;

/**
 * Root ids that name their spout task: the task id + 1 in the top {@value #TASK_BITS} bits, then
 * one bit that marks a tree sampled for tracing ({@link #traced}), and a per-executor sequence in
 * the rest. Knowing the task from the root is what lets a spout send its
 * acker no init message: the acker opens a tree's entry on the first message it gets for the
 * root, with the root itself as the XOR of the spout's edge ids (the spout draws its edges so that
 * they XOR to the root), and tells the task it reads from the root. A sequence rather than random
 * bits: a root does not come back for 2^41 trees of its task, so a late ack for a tree the spout
 * timed out can never complete a newer tree that drew the same root. The trace bit lets every
 * executor tell a traced tree from the root it holds anyway, without a lookup or a setting: with
 * tracing off no root carries it. Stateless.
 */
public final class RootIds {
    /** Bits of the spout task (id + 1) at the top of a root. */
    public static final int TASK_BITS = 22;
    private static final int SEQUENCE_BITS = Long.SIZE - TASK_BITS;
    /** The bit of a tree that sampled tracing follows, just below the task bits. */
    private static final long TRACE_BIT = 1L << (SEQUENCE_BITS - 1);
    private static final long SEQUENCE_MASK = TRACE_BIT - 1;
    /** The largest spout task id a root can name. */
    public static final int MAX_SPOUT_TASK = (1 << TASK_BITS) - 2;

    private RootIds() {
    }

    /** The part of every root of {@code spoutTask} above the sequence; checks the task fits. */
    public static long prefix(int spoutTask) {
        if (spoutTask < 0 || spoutTask > MAX_SPOUT_TASK) {
            throw new IllegalArgumentException("spout task id " + spoutTask
                    + " is out of range for tracked tuples: at most " + MAX_SPOUT_TASK
                    + "; give the topology fewer tasks");
        }
        return (long) (spoutTask + 1) << SEQUENCE_BITS;
    }

    /** A root of the task with that {@link #prefix}; never zero. */
    public static long root(long prefix, long sequence) {
        return prefix | (sequence & SEQUENCE_MASK);
    }

    /** The same root marked as traced (see {@link #isTraced}). */
    public static long traced(long root) {
        return root | TRACE_BIT;
    }

    /** Whether sampled tracing follows the tree of this root. */
    public static boolean isTraced(long root) {
        return (root & TRACE_BIT) != 0;
    }

    /** The spout task a root names, or -1 for a root no spout made (zero in the task bits). */
    public static int spoutTask(long root) {
        return (int) (root >>> SEQUENCE_BITS) - 1;
    }
}
