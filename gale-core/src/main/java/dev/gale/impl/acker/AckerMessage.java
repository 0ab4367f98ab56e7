package dev.gale.impl.acker;

/**
 * What spouts and bolts tell an acker about one tuple tree. Immutable.
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

    final byte kind;
    final long root;
    final long value;
    final int spoutTask;

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

    @Override
    public String toString() {
        String[] kinds = {"init", "ack", "fail", "reset"};
        return kinds[kind] + "(" + Long.toHexString(root) + ", " + Long.toHexString(value) + ")";
    }
}
