package dev.gale.kafka.bolt.selector;

import dev.gale.tuple.Tuple;
import java.io.Serializable;

/** Picks the topic a tuple is written to; null skips the tuple (it is acked). Bolt's thread only. */
public interface KafkaTopicSelector extends Serializable {
    String getTopic(Tuple tuple);
}
