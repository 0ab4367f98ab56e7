package dev.gale.kafka.bolt.selector;

import dev.gale.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The topic named by a field of the tuple, or a default topic when the field is absent. Immutable. */
public class FieldNameTopicSelector implements KafkaTopicSelector {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FieldNameTopicSelector.class);
    private final String fieldName;
    private final String defaultTopicName;

    public FieldNameTopicSelector(String fieldName, String defaultTopicName) {
        this.fieldName = fieldName;
        this.defaultTopicName = defaultTopicName;
    }

    @Override
    public String getTopic(Tuple tuple) {
        if (tuple.contains(fieldName)) {
            return tuple.getStringByField(fieldName);
        }
        LOG.warn("Field {} Not Found. Returning default topic {}", fieldName, defaultTopicName);
        return defaultTopicName;
    }
}
