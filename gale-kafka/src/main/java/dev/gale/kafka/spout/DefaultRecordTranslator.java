package dev.gale.kafka.spout;

import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The translator used when none is set: every record becomes
 * {@code (topic, partition, offset, key, value)} on the default stream. Stateless and thread-safe.
 */
public class DefaultRecordTranslator<K, V> implements RecordTranslator<K, V> {
    private static final long serialVersionUID = 1L;
    public static final Fields FIELDS = new Fields("topic", "partition", "offset", "key", "value");

    @Override
    public List<Object> apply(ConsumerRecord<K, V> record) {
        return new Values(record.topic(), record.partition(), record.offset(), record.key(), record.value());
    }

    @Override
    public Fields getFieldsFor(String stream) {
        return FIELDS;
    }
}
