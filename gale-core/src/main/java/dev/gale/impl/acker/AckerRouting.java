package dev.gale.impl.acker;

/**
 * Which acker task keeps a tree: the one its root hashes to, so that every message about a tree,
 * from any executor, reaches the same acker. Immutable.
 */
public final class AckerRouting {
    private final int[] ackerTasks;

    /** @param ackerTasks the topology's acker task ids */
    public AckerRouting(int[] ackerTasks) {
        this.ackerTasks = ackerTasks.clone();
    }

    /** The acker task responsible for the tree {@code root}; the topology must have ackers. */
    public int ackerFor(long root) {
        // The high half of a multiply scaled to the count: no 64-bit division on every ack.
        long h = (root * 0xC2B2AE3D27D4EB4FL) >>> 32;
        return ackerTasks[(int) ((h * ackerTasks.length) >>> 32)];
    }
}
