package dev.gale.kafka.spout;

/**
 * Where a spout task starts reading a partition the first time it is assigned to it. The
 * {@code UNCOMMITTED_*} strategies resume at the group's committed offset when there is one and
 * fall back to the earliest offset, the latest one or the first at the start timestamp. The
 * others ignore committed offsets for the first assignment of a partition in the spout's life
 * (a redeploy starts over); later assignments of the same partition (rebalances) always resume
 * at the committed offset.
 */
public enum FirstPollOffsetStrategy {
    EARLIEST,
    LATEST,
    TIMESTAMP,
    UNCOMMITTED_EARLIEST,
    UNCOMMITTED_LATEST,
    UNCOMMITTED_TIMESTAMP
}
