package dev.gale.impl.acker;

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

    private AckerMessage(byte kind, long root, long value) {
        this.kind = kind;
        this.root = root;
        this.value = value;
    }

    public static AckerMessage ack(long root, long value) {
        return new AckerMessage(ACK, root, value);
    }

    public static AckerMessage fail(long root) {
        return new AckerMessage(FAIL, root, 0);
    }

    public static AckerMessage reset(long root) {
        return new AckerMessage(RESET, root, 0);
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

    @Override
    public String toString() {
        String[] kinds = {"ack", "fail", "reset"};
        return kinds[kind] + "(" + Long.toHexString(root) + ", " + Long.toHexString(value) + ")";
    }
}
