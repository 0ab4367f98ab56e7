package dev.gale.kafka.internal;

import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Deserializes records read as bytes with the key and value deserializers of the consumer
 * properties, created and configured as the consumer would; the result keeps the bytes
 * ({@link DecodedRecord}). Used by a spout that needs the bytes of a record after deserializing
 * it. Not thread-safe (nor, in general, are the deserializers): one per spout task.
 */
public final class RecordDecoder<K, V> implements AutoCloseable {
    private final Deserializer<K> keys;
    private final Deserializer<V> values;

    /** {@code consumerProps}: the consumer's properties, with both deserializer classes set. */
    public RecordDecoder(Map<String, Object> consumerProps) {
        this.keys = create(consumerProps, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG);
        this.values = create(consumerProps, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG);
        keys.configure(consumerProps, true);
        values.configure(consumerProps, false);
    }

    @SuppressWarnings("unchecked")
    private static <T> Deserializer<T> create(Map<String, Object> props, String key) {
        Object c = props.get(key);
        if (c == null) {
            throw new KafkaException("the consumer properties set no '" + key + "'");
        }
        try {
            return c instanceof Class ? Utils.newInstance((Class<Deserializer<T>>) c)
                    : Utils.newInstance(c.toString(), Deserializer.class);
        } catch (ClassNotFoundException e) {
            throw new KafkaException("'" + key + "' names a class that cannot be found: " + c, e);
        }
    }

    /**
     * The record deserialized; a deserializer's exception comes out as Kafka's consumer throws it,
     * a {@link RecordDeserializationException} naming the partition and offset.
     */
    public DecodedRecord<K, V> decode(ConsumerRecord<byte[], byte[]> raw) {
        K key;
        try {
            key = keys.deserialize(raw.topic(), raw.headers(), raw.key());
        } catch (RuntimeException e) {
            throw failed(raw, RecordDeserializationException.DeserializationExceptionOrigin.KEY, e);
        }
        V value;
        try {
            value = values.deserialize(raw.topic(), raw.headers(), raw.value());
        } catch (RuntimeException e) {
            throw failed(raw, RecordDeserializationException.DeserializationExceptionOrigin.VALUE, e);
        }
        return new DecodedRecord<>(raw, key, value);
    }

    private static RecordDeserializationException failed(ConsumerRecord<byte[], byte[]> raw,
            RecordDeserializationException.DeserializationExceptionOrigin origin, RuntimeException e) {
        return new RecordDeserializationException(origin, new TopicPartition(raw.topic(), raw.partition()),
                raw.offset(), raw.timestamp(), raw.timestampType(), wrap(raw.key()), wrap(raw.value()), raw.headers(),
                "Error deserializing " + origin.name().toLowerCase() + " of " + raw.topic() + "-" + raw.partition()
                        + " at offset " + raw.offset() + ": " + e, e);
    }

    private static ByteBuffer wrap(byte[] b) {
        return b == null ? null : ByteBuffer.wrap(b);
    }

    @Override
    public void close() {
        Utils.closeQuietly(keys, "key deserializer");
        Utils.closeQuietly(values, "value deserializer");
    }
}
