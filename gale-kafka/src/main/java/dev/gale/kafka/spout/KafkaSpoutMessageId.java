package dev.gale.kafka.spout;

import java.io.Serializable;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The message id of a tuple emitted for one record: its partition and offset, and how many
 * times it failed. Equal ids name the same record. Mutable (the failure count) and confined to
 * the spout's thread.
 */
public class KafkaSpoutMessageId implements Serializable {
    private static final long serialVersionUID = 1L;
    private final TopicPartition topicPart;
    private final long offset;
    private int numFails;
    private boolean nullTuple;

    public KafkaSpoutMessageId(ConsumerRecord<?, ?> consumerRecord) {
        this(consumerRecord, false);
    }

    public KafkaSpoutMessageId(ConsumerRecord<?, ?> consumerRecord, boolean nullTuple) {
        this(new TopicPartition(consumerRecord.topic(), consumerRecord.partition()), consumerRecord.offset(),
                nullTuple);
    }

    public KafkaSpoutMessageId(TopicPartition topicPart, long offset) {
        this(topicPart, offset, false);
    }

    public KafkaSpoutMessageId(TopicPartition topicPart, long offset, boolean nullTuple) {
        this.topicPart = topicPart;
        this.offset = offset;
        this.nullTuple = nullTuple;
    }

    public int partition() {
        return topicPart.partition();
    }

    public String topic() {
        return topicPart.topic();
    }

    public long offset() {
        return offset;
    }

    public int numFails() {
        return numFails;
    }

    public void incrementNumFails() {
        ++numFails;
    }

    public TopicPartition getTopicPartition() {
        return topicPart;
    }

    public boolean isNullTuple() {
        return nullTuple;
    }

    public void setNullTuple(boolean nullTuple) {
        this.nullTuple = nullTuple;
    }

    @Override
    public String toString() {
        return "{topic-partition=" + topicPart + ", offset=" + offset + ", numFails=" + numFails
                + ", nullTuple=" + nullTuple + '}';
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof KafkaSpoutMessageId)) {
            return false;
        }
        KafkaSpoutMessageId other = (KafkaSpoutMessageId) o;
        return offset == other.offset && topicPart.equals(other.topicPart);
    }

    @Override
    public int hashCode() {
        return 31 * topicPart.hashCode() + Long.hashCode(offset);
    }
}
