package dev.gale.impl.acker;

import dev.gale.spout.FailureInfo;

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
    /** Why the tree failed ({@code FAILED} only), else null. */
    private final FailureInfo reason;

    public TreeOutcome(byte kind, long root, int spoutTask) {
        this(kind, root, spoutTask, null);
    }

    public TreeOutcome(byte kind, long root, int spoutTask, FailureInfo reason) {
        this.kind = kind;
        this.root = root;
        this.spoutTask = spoutTask;
        this.reason = reason;
    }

    /** Why the tree failed, as the bolt that failed it said ({@code FAILED}); else null. */
    public FailureInfo reason() {
        return reason;
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
