package dev.gale.kafka.spout;

import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Picks a translator by the record's topic, with a default for the other topics. Two
 * translators that emit on the same stream must agree on its fields; that is checked when a
 * topic is registered. Configure it before the topology is submitted; then read-only.
 */
public class ByTopicRecordTranslator<K, V> implements RecordTranslator<K, V> {
    private static final long serialVersionUID = 1L;
    private final RecordTranslator<K, V> defaultTranslator;
    private final Map<String, RecordTranslator<K, V>> topicToTranslator = new HashMap<>();
    private final Map<String, Fields> streamToFields = new LinkedHashMap<>();

    public ByTopicRecordTranslator(Func<ConsumerRecord<K, V>, List<Object>> func, Fields fields, String stream) {
        this(new SimpleRecordTranslator<>(func, fields, stream));
    }

    public ByTopicRecordTranslator(Func<ConsumerRecord<K, V>, List<Object>> func, Fields fields) {
        this(new SimpleRecordTranslator<>(func, fields));
    }

    public ByTopicRecordTranslator(RecordTranslator<K, V> defaultTranslator) {
        this.defaultTranslator = defaultTranslator;
        registerStreams(defaultTranslator);
    }

    public ByTopicRecordTranslator<K, V> forTopic(String topic, Func<ConsumerRecord<K, V>, List<Object>> func,
            Fields fields) {
        return forTopic(topic, new SimpleRecordTranslator<>(func, fields));
    }

    public ByTopicRecordTranslator<K, V> forTopic(String topic, Func<ConsumerRecord<K, V>, List<Object>> func,
            Fields fields, String stream) {
        return forTopic(topic, new SimpleRecordTranslator<>(func, fields, stream));
    }

    /** Uses {@code translator} for records of {@code topic}; a topic can be registered once. */
    public ByTopicRecordTranslator<K, V> forTopic(String topic, RecordTranslator<K, V> translator) {
        if (topicToTranslator.containsKey(topic)) {
            throw new IllegalStateException("Topic " + topic + " is already registered");
        }
        registerStreams(translator);
        topicToTranslator.put(topic, translator);
        return this;
    }

    private void registerStreams(RecordTranslator<K, V> translator) {
        for (String stream : translator.streams()) {
            Fields fields = translator.getFieldsFor(stream);
            Fields known = streamToFields.get(stream);
            if (known != null && !known.equals(fields)) {
                throw new IllegalArgumentException("Stream " + stream + " currently has Fields of " + known
                        + " which is not the same as those being added in " + fields);
            }
            streamToFields.putIfAbsent(stream, fields);
        }
    }

    @Override
    public List<Object> apply(ConsumerRecord<K, V> record) {
        return topicToTranslator.getOrDefault(record.topic(), defaultTranslator).apply(record);
    }

    @Override
    public Fields getFieldsFor(String stream) {
        return streamToFields.get(stream);
    }

    @Override
    public List<String> streams() {
        return new ArrayList<>(streamToFields.keySet());
    }
}
