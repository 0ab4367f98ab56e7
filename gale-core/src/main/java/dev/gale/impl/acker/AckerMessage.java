package dev.gale.impl.acker;

import dev.gale.spout.FailureInfo;

/**
 * What bolts tell an acker about one tuple tree; travels through the inboxes like any
 * other message, so it lives with them, below both the executors and the acker. A spout sends
 * none: its part of the XOR is the root itself (see {@link RootIds}). Immutable.
 *
 * <ul>
 *   <li>{@code ACK}: a bolt acked a tuple; {@code value} is the tuple's edge id XOR the edge ids
 *       of the tuples it emitted anchored to it.
 *   <li>{@code FAIL}: a bolt failed a tuple of the tree.
 *   <li>{@code RESET}: a bolt asked for more time.
 * </ul>
 */
public final class AckerMessage {
    public static final byte ACK = 0;
    public static final byte FAIL = 1;
    public static final byte RESET = 2;

    private final byte kind;
    private final long root;
    private final long value;
    /** Why a bolt failed the tuple ({@code FAIL} only, else null): fails are rare, acks never carry it. */
    private final FailureInfo reason;

    private AckerMessage(byte kind, long root, long value, FailureInfo reason) {
        this.kind = kind;
        this.root = root;
        this.value = value;
        this.reason = reason;
    }

    public static AckerMessage ack(long root, long value) {
        return new AckerMessage(ACK, root, value, null);
    }

    /** A fail of tree {@code root}, for the reason {@code why} (passed on to the spout). */
    public static AckerMessage fail(long root, FailureInfo why) {
        return new AckerMessage(FAIL, root, 0, why);
    }

    public static AckerMessage reset(long root) {
        return new AckerMessage(RESET, root, 0, null);
    }

    public byte kind() {
        return kind;
    }

    public long root() {
        return root;
    }

    /** The XOR the acker folds into the tree's entry (0 for fail and reset). */
    public long value() {
        return value;
    }

    /** Why the tuple was failed ({@code FAIL}), else null. */
    public FailureInfo reason() {
        return reason;
    }

    @Override
    public String toString() {
        String[] kinds = {"ack", "fail", "reset"};
        return kinds[kind] + "(" + Long.toHexString(root) + ", " + Long.toHexString(value) + ")";
    }
}
