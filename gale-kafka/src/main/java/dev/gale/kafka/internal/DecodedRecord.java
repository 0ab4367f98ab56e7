package dev.gale.kafka.internal;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record the spout deserialized itself, holding on to the record as read (key and value
 * bytes), so that a dead letter can carry exactly those bytes. Immutable, as its parent.
 */
public final class DecodedRecord<K, V> extends ConsumerRecord<K, V> {
    private final ConsumerRecord<byte[], byte[]> raw;

    DecodedRecord(ConsumerRecord<byte[], byte[]> raw, K key, V value) {
        super(raw.topic(), raw.partition(), raw.offset(), raw.timestamp(), raw.timestampType(),
                raw.serializedKeySize(), raw.serializedValueSize(), key, value, raw.headers(), raw.leaderEpoch(),
                raw.deliveryCount());
        this.raw = raw;
    }

    /** The record as read from Kafka. */
    public ConsumerRecord<byte[], byte[]> raw() {
        return raw;
    }
}
