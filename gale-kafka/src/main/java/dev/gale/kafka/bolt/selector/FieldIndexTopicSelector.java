package dev.gale.kafka.bolt.selector;

import dev.gale.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The topic in a field at a position of the tuple, or a default topic when it has fewer fields. Immutable. */
public class FieldIndexTopicSelector implements KafkaTopicSelector {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FieldIndexTopicSelector.class);
    private final int fieldIndex;
    private final String defaultTopicName;

    public FieldIndexTopicSelector(int fieldIndex, String defaultTopicName) {
        if (fieldIndex < 0) {
            throw new IllegalArgumentException("fieldIndex cannot be negative");
        }
        this.fieldIndex = fieldIndex;
        this.defaultTopicName = defaultTopicName;
    }

    @Override
    public String getTopic(Tuple tuple) {
        if (fieldIndex < tuple.size()) {
            return tuple.getString(fieldIndex);
        }
        LOG.warn("Field index {} is out of bounds. Using default topic {}", fieldIndex, defaultTopicName);
        return defaultTopicName;
    }
}
