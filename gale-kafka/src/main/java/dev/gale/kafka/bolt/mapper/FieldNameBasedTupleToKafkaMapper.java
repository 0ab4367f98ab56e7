package dev.gale.kafka.bolt.mapper;

import dev.gale.tuple.Tuple;

/**
 * Key and value from two named fields ({@code "key"} and {@code "message"} by default); a tuple
 * without the key field gives a null key. Immutable after construction.
 */
public class FieldNameBasedTupleToKafkaMapper<K, V> implements TupleToKafkaMapper<K, V> {
    private static final long serialVersionUID = 1L;
    public static final String BOLT_KEY = "key";
    public static final String BOLT_MESSAGE = "message";
    public String boltKeyField;
    public String boltMessageField;

    public FieldNameBasedTupleToKafkaMapper() {
        this(BOLT_KEY, BOLT_MESSAGE);
    }

    public FieldNameBasedTupleToKafkaMapper(String boltKeyField, String boltMessageField) {
        this.boltKeyField = boltKeyField;
        this.boltMessageField = boltMessageField;
    }

    @Override
    @SuppressWarnings("unchecked")
    public K getKeyFromTuple(Tuple tuple) {
        return tuple.contains(boltKeyField) ? (K) tuple.getValueByField(boltKeyField) : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V getMessageFromTuple(Tuple tuple) {
        return (V) tuple.getValueByField(boltMessageField);
    }
}
