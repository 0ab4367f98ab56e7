package dev.gale.kafka.spout;

import dev.gale.task.TopologyContext;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/** The listener that hears nothing, used when none is set. Stateless and thread-safe. */
public class EmptyKafkaTupleListener implements KafkaTupleListener {
    private static final long serialVersionUID = 1L;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context) {
    }

    @Override
    public void onEmit(List<Object> tuple, KafkaSpoutMessageId msgId) {
    }

    @Override
    public void onAck(KafkaSpoutMessageId msgId) {
    }

    @Override
    public void onPartitionsReassigned(Collection<TopicPartition> partitions) {
    }

    @Override
    public void onRetry(KafkaSpoutMessageId msgId) {
    }

    @Override
    public void onMaxRetryReached(KafkaSpoutMessageId msgId) {
    }
}
