package dev.gale.impl.transfer;

/**
 * Messages that are each a pair of longs, a key and a value, packed in one array (see
 * {@link Outbox#sendPair}): the receiver reads them in order from a few cache lines instead of
 * following a pointer to a separate object per message, made on another core. Consecutive pairs
 * with the same key were folded into one by XOR of their values, so only receivers for which a
 * key's values matter only by their XOR take them (the acker protocol: acks to an acker, completed
 * trees to a spout).
 *
 * <p>Handed over whole: the sender never touches it again once sent, so it needs no locking.
 */
public final class PairBatch {
    private final long[] pairs;
    private final int size;

    PairBatch(long[] pairs, int size) {
        this.pairs = pairs;
        this.size = size;
    }

    /** How many pairs the batch holds. */
    public int size() {
        return size;
    }

    /** The key of the {@code i}-th pair. */
    public long key(int i) {
        return pairs[i << 1];
    }

    /** The value of the {@code i}-th pair. */
    public long value(int i) {
        return pairs[(i << 1) + 1];
    }
}
