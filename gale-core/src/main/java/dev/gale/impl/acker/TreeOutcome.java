package dev.gale.impl.acker;

/** What an acker tells a spout task about one of its trees. Immutable. */
public final class TreeOutcome {
    /** The whole tree was processed. */
    public static final byte ACKED = 0;
    /** A tuple of the tree was failed. */
    public static final byte FAILED = 1;
    /** A bolt asked for more time: renew the tree's timeout. */
    public static final byte RESET = 2;

    private final byte kind;
    private final long root;
    private final int spoutTask;

    public TreeOutcome(byte kind, long root, int spoutTask) {
        this.kind = kind;
        this.root = root;
        this.spoutTask = spoutTask;
    }

    public byte kind() {
        return kind;
    }

    public long root() {
        return root;
    }

    public int spoutTask() {
        return spoutTask;
    }

    @Override
    public String toString() {
        return (kind == ACKED ? "acked(" : kind == FAILED ? "failed(" : "reset(") + Long.toHexString(root) + ")";
    }
}
