package dev.gale.state;

import java.util.Arrays;

/**
 * Encodes keys and values as bytes with two {@link Serializer}s. An encoded value is a marker
 * byte (1) followed by the value's bytes; a deleted key is the single byte 0 (the tombstone), so
 * a deletion can be stored until it is committed. A {@link DefaultStateSerializer} as the key
 * serializer writes keys as keys: it refuses those whose bytes may differ between equal keys.
 * Thread-safe if the serializers are.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class DefaultStateEncoder<K, V> implements StateEncoder<K, V, byte[], byte[]> {
    private static final byte PRESENT = 1;
    /** The encoded value of a deleted key. Do not modify. */
    public static final byte[] TOMBSTONE = {0};

    private final Serializer<K> keySerializer;
    private final Serializer<V> valueSerializer;

    public DefaultStateEncoder(Serializer<K> keySerializer, Serializer<V> valueSerializer) {
        this.keySerializer = keySerializer;
        this.valueSerializer = valueSerializer;
    }

    public Serializer<K> getKeySerializer() {
        return keySerializer;
    }

    public Serializer<V> getValueSerializer() {
        return valueSerializer;
    }

    @Override
    public byte[] encodeKey(K key) {
        if (keySerializer instanceof DefaultStateSerializer<K> d) {
            return d.serializeKey(key);
        }
        return keySerializer.serialize(key);
    }

    @Override
    public byte[] encodeValue(V value) {
        byte[] v = valueSerializer.serialize(value);
        byte[] out = new byte[v.length + 1];
        out[0] = PRESENT;
        System.arraycopy(v, 0, out, 1, v.length);
        return out;
    }

    @Override
    public K decodeKey(byte[] encodedKey) {
        return keySerializer.deserialize(encodedKey);
    }

    /** The value, or null for the tombstone. */
    @Override
    public V decodeValue(byte[] encodedValue) {
        if (isTombstone(encodedValue)) {
            return null;
        }
        return valueSerializer.deserialize(Arrays.copyOfRange(encodedValue, 1, encodedValue.length));
    }

    @Override
    public byte[] getTombstoneValue() {
        return TOMBSTONE.clone();
    }

    /** True if {@code encodedValue} marks a deleted key. */
    public static boolean isTombstone(byte[] encodedValue) {
        return encodedValue.length == 1 && encodedValue[0] == 0;
    }
}
