package dev.gale.kafka.spout;

/**
 * Where a spout task starts reading a partition the first time it is assigned to it. The
 * {@code UNCOMMITTED_*} strategies resume at the group's committed offset when there is one and
 * fall back to the earliest offset, the latest one or the first at the start timestamp. The
 * others ignore committed offsets for the first assignment of a partition to a spout task,
 * unless a topology of the same name committed them (as storm-kafka-client, which compares
 * topology ids; a Gale topology's id is its name): a partition that comes from another task or
 * another process of the topology, or from an earlier run of it, resumes at the committed
 * offset. To start over, use another consumer group or topology name. Later assignments of a
 * partition to the same task always resume at the committed offset.
 */
public enum FirstPollOffsetStrategy {
    EARLIEST,
    LATEST,
    TIMESTAMP,
    UNCOMMITTED_EARLIEST,
    UNCOMMITTED_LATEST,
    UNCOMMITTED_TIMESTAMP
}
