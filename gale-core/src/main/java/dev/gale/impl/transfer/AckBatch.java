package dev.gale.impl.transfer;

/**
 * Acks packed as {@code root, value} pairs in one array: from a bolt to an acker, tuples' acks
 * (the value is what the ack XORs into its tree); from an acker to a spout, completed trees (the
 * value is 0). The receiver reads them in order from a few cache lines instead of following a
 * pointer to a separate object per ack, made on another core. Fails and resets, which are rare,
 * still travel as {@link AckerMessage}s and {@link TreeOutcome}s; neither protocol depends on
 * the order of messages.
 *
 * <p>Handed over whole: the sender never touches it again once sent, so it needs no locking.
 */
public final class AckBatch {
    private final long[] pairs;
    private final int size;

    AckBatch(long[] pairs, int size) {
        this.pairs = pairs;
        this.size = size;
    }

    /** How many acks the batch holds. */
    public int size() {
        return size;
    }

    /** The root of the {@code i}-th ack's tree. */
    public long root(int i) {
        return pairs[i << 1];
    }

    /** The value the {@code i}-th ack XORs into its tree (see {@link AckerMessage#value()}); 0 to a spout. */
    public long value(int i) {
        return pairs[(i << 1) + 1];
    }
}
