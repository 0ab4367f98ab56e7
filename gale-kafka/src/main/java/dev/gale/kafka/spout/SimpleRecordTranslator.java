package dev.gale.kafka.spout;

import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A translator from a function and the fields it fills, on one stream ({@code "default"} unless
 * given). Immutable; thread-safe if the function is.
 */
public class SimpleRecordTranslator<K, V> implements RecordTranslator<K, V> {
    private static final long serialVersionUID = 1L;
    private final Fields fields;
    private final Func<ConsumerRecord<K, V>, List<Object>> func;
    private final String stream;

    public SimpleRecordTranslator(Func<ConsumerRecord<K, V>, List<Object>> func, Fields fields) {
        this(func, fields, Utils.DEFAULT_STREAM_ID);
    }

    public SimpleRecordTranslator(Func<ConsumerRecord<K, V>, List<Object>> func, Fields fields, String stream) {
        this.func = func;
        this.fields = fields;
        this.stream = stream;
    }

    @Override
    public List<Object> apply(ConsumerRecord<K, V> record) {
        List<Object> vals = func.apply(record);
        if (vals == null) {
            return null;
        }
        KafkaTuple ret = new KafkaTuple();
        ret.addAll(vals);
        return ret.routedTo(stream);
    }

    @Override
    public Fields getFieldsFor(String stream) {
        return fields;
    }

    @Override
    public List<String> streams() {
        return List.of(stream);
    }
}
