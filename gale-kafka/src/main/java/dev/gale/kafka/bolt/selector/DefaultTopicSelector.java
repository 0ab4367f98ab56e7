package dev.gale.kafka.bolt.selector;

import dev.gale.tuple.Tuple;

/** Every tuple goes to one topic. Immutable. */
public class DefaultTopicSelector implements KafkaTopicSelector {
    private static final long serialVersionUID = 1L;
    private final String topicName;

    public DefaultTopicSelector(final String topicName) {
        this.topicName = topicName;
    }

    @Override
    public String getTopic(Tuple tuple) {
        return topicName;
    }
}
