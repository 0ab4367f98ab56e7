package dev.gale.kafka.spout;

import java.io.Serializable;
import java.util.TreeMap;

/**
 * What a {@link KafkaSpout} task keeps in the topology's checkpoints with offsets in checkpoints:
 * per partition ({@code "topic-partition"}), the offset of the next record to emit, and the number
 * of spout tasks, which must not change across restarts. Immutable once built.
 *
 * @param tasks the number of the spout's tasks when it was taken
 * @param offsets the next offset to emit per partition of this task
 */
public record CheckpointedOffsets(int tasks, TreeMap<String, Long> offsets) implements Serializable {
}
