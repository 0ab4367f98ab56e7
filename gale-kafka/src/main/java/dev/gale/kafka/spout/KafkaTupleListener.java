package dev.gale.kafka.spout;

import dev.gale.task.TopologyContext;
import java.io.Serializable;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * Hears what happens to the spout's tuples: emitted, acked, retried, given up on, and partitions
 * reassigned. Called on the spout's thread.
 */
public interface KafkaTupleListener extends Serializable {
    void open(Map<String, Object> conf, TopologyContext context);

    void onEmit(List<Object> tuple, KafkaSpoutMessageId msgId);

    void onAck(KafkaSpoutMessageId msgId);

    void onPartitionsReassigned(Collection<TopicPartition> partitions);

    void onRetry(KafkaSpoutMessageId msgId);

    void onMaxRetryReached(KafkaSpoutMessageId msgId);
}
