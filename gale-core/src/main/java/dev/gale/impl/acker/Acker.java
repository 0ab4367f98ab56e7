package dev.gale.impl.acker;

import dev.gale.impl.util.LeadingPad;

/**
 * The acker protocol for the trees of one acker task, separate from threads and queues: XOR each
 * value into the tree's entry, which the tree's first message opens with the root itself (the
 * spout sends no init: its edge ids XOR to the root, and the root names the spout task, see
 * {@link RootIds}); a tree whose value is zero is complete; a failed tree ends at once; entries
 * that outlive the timeout are dropped without a word (the spout times the tree out itself).
 * Messages may come in any order.
 *
 * <p>Not thread-safe.
 */
public final class Acker extends AckerPad {

    /** Where the acker's verdicts go. */
    public interface Outcomes {
        void send(int spoutTask, TreeOutcome outcome);

        /** The tree {@code root} of {@code spoutTask} completed: the common verdict, which may travel packed. */
        default void acked(int spoutTask, long root) {
            send(spoutTask, new TreeOutcome(TreeOutcome.ACKED, root, spoutTask));
        }
    }

    private final PendingTrees trees;

    /**
     * @param spoutBuckets the bucket count of the spouts' pending maps; the acker keeps entries for
     *     one rotation more ({@code spoutBuckets + 1}). The timer sends each rotation to the spouts
     *     and the ackers at once, but a spout may handle it, emit, and have the tree's first ack
     *     reach the acker before the acker handles the same rotation: that entry starts one
     *     generation older than the spout's. With the same bucket count the acker would drop it
     *     one rotation before the spout times it out, and a tree completing in that last period
     *     would be failed. An acker handles control messages before every batch, so it is never
     *     more than that one rotation behind; one extra bucket covers it and still bounds the
     *     acker's memory.
     * @param initialCapacity table slots to start with
     */
    public Acker(int spoutBuckets, int initialCapacity) {
        if (spoutBuckets < 2) {
            throw new IllegalArgumentException("numBuckets must be at least 2, got " + spoutBuckets);
        }
        this.trees = new PendingTrees(spoutBuckets + 1, initialCapacity);
    }

    /** Applies one message; at most one outcome is sent. */
    public void handle(AckerMessage m, Outcomes out) {
        switch (m.kind()) {
            case AckerMessage.ACK:
                ack(m.root(), m.value(), out);
                break;
            case AckerMessage.FAIL: {
                int slot = open(m.root(), 0);
                trees.markFailed(slot);
                int spoutTask = trees.spoutTask(slot);
                if (spoutTask >= 0) { // else a root no spout made: it can only time out
                    trees.remove(slot);
                    failed++;
                    out.send(spoutTask, new TreeOutcome(TreeOutcome.FAILED, m.root(), spoutTask, m.reason()));
                }
                break;
            }
            case AckerMessage.RESET: {
                int slot = trees.slotOf(m.root());
                if (slot >= 0) {
                    trees.renew(slot);
                }
                // Passed on even before the tree's first ack: the spout's timeout is the one that counts.
                int spoutTask = RootIds.spoutTask(m.root());
                if (spoutTask >= 0) {
                    out.send(spoutTask, new TreeOutcome(TreeOutcome.RESET, m.root(), spoutTask));
                }
                break;
            }
            default:
                throw new IllegalStateException("unknown acker message " + m);
        }
    }

    /** An ack: XORs {@code value} into tree {@code root}'s entry and settles the tree if that completed it. */
    public void ack(long root, long value, Outcomes out) {
        settle(open(root, value), root, out);
    }

    /**
     * XORs a value into the tree's entry. The first message of a tree opens the entry with the
     * spout's part: its edge ids XOR to the root, and the root names the spout task.
     */
    private int open(long root, long value) {
        return trees.xorOrOpen(root, value, root);
    }

    private void settle(int slot, long root, Outcomes out) {
        int spoutTask = trees.spoutTask(slot);
        if (spoutTask < 0) {
            return; // a root no spout made: it can only time out
        }
        if (trees.ackVal(slot) == 0) { // a failed tree never gets here: its fail removed it
            trees.remove(slot);
            completed++;
            out.acked(spoutTask, root);
        }
    }

    /** One timeout period has passed; returns how many stale trees were dropped. */
    public int rotate() {
        return trees.rotate();
    }

    public int pending() {
        return trees.size();
    }

    public long completed() {
        return completed;
    }

    public long failed() {
        return failed;
    }

    /** The table behind it, for measurements. */
    public PendingTrees trees() {
        return trees;
    }
}

/** The fields of {@link Acker} that change after construction, in front of its trailing pad. */
abstract class AckerFields extends LeadingPad {
    long completed;
    long failed;
}

/** 128 bytes between {@link AckerFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class AckerPad extends AckerFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
