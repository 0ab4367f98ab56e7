package dev.gale.kafka.spout;

import dev.gale.time.Clock;
import java.io.Serializable;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * Decides when a failed record is emitted again, and when it has failed too often. Used on the
 * spout's thread only.
 */
public interface KafkaSpoutRetryService extends Serializable {
    /**
     * Schedules a failed message for retry; returns false when it has failed more than the
     * maximum number of retries and must not be retried.
     */
    boolean schedule(KafkaSpoutMessageId msgId);

    /** Forgets a message's schedule; returns true if it had one. */
    boolean remove(KafkaSpoutMessageId msgId);

    /** Forgets the schedules of every partition not in {@code topicPartitions}. */
    boolean retainAll(Collection<TopicPartition> topicPartitions);

    /** The lowest offset of each partition whose retry is due now. */
    Map<TopicPartition, Long> earliestRetriableOffsets();

    boolean isReady(KafkaSpoutMessageId msgId);

    boolean isScheduled(KafkaSpoutMessageId msgId);

    /** How many scheduled messages are due now. */
    int readyMessageCount();

    /** The scheduled id for this record if there is one, else a new id. */
    KafkaSpoutMessageId getMessageId(TopicPartition topicPartition, long offset);

    /**
     * Gale addition: the clock retries are timed on, set by the spout before first use (the
     * topology's clock, simulated in tests). The default ignores it.
     */
    default void setClock(Clock clock) {
    }
}
