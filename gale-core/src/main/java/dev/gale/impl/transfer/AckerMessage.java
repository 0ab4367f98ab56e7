package dev.gale.impl.transfer;

/**
 * What spouts and bolts tell an acker about one tuple tree; travels through the inboxes like any
 * other message, so it lives with them, below both the executors and the acker. Immutable.
 *
 * <ul>
 *   <li>{@code INIT}: the spout emitted the root; {@code value} is the XOR of the edge ids it sent.
 *   <li>{@code ACK}: a bolt acked a tuple; {@code value} is the tuple's edge id XOR the edge ids
 *       of the tuples it emitted anchored to it.
 *   <li>{@code FAIL}: a bolt failed a tuple of the tree.
 *   <li>{@code RESET}: a bolt asked for more time.
 * </ul>
 */
public final class AckerMessage {
    public static final byte INIT = 0;
    public static final byte ACK = 1;
    public static final byte FAIL = 2;
    public static final byte RESET = 3;

    private final byte kind;
    private final long root;
    private final long value;
    private final int spoutTask;

    private AckerMessage(byte kind, long root, long value, int spoutTask) {
        this.kind = kind;
        this.root = root;
        this.value = value;
        this.spoutTask = spoutTask;
    }

    public static AckerMessage init(long root, long xorOfEdges, int spoutTask) {
        return new AckerMessage(INIT, root, xorOfEdges, spoutTask);
    }

    public static AckerMessage ack(long root, long value) {
        return new AckerMessage(ACK, root, value, -1);
    }

    public static AckerMessage fail(long root) {
        return new AckerMessage(FAIL, root, 0, -1);
    }

    public static AckerMessage reset(long root) {
        return new AckerMessage(RESET, root, 0, -1);
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

    /** The spout task of the tree (init only; -1 otherwise). */
    public int spoutTask() {
        return spoutTask;
    }

    @Override
    public String toString() {
        String[] kinds = {"init", "ack", "fail", "reset"};
        return kinds[kind] + "(" + Long.toHexString(root) + ", " + Long.toHexString(value) + ")";
    }
}
