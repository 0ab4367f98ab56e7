package dev.gale.flux.test;

import dev.gale.kafka.spout.RecordTranslator;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Storm's Flux test record translator: a record's value as the tuple's only field, "value". */
public class OnlyValueRecordTranslator<K, V> implements RecordTranslator<K, V> {
    private static final long serialVersionUID = 1L;

    @Override
    public List<Object> apply(ConsumerRecord<K, V> record) {
        return new Values(record.value());
    }

    @Override
    public Fields getFieldsFor(String stream) {
        return new Fields("value");
    }
}
