package dev.gale.state;

/**
 * Encodes the keys and values of a {@link KeyValueState} for a store, and marks deletions.
 *
 * @param <K> the key type
 * @param <V> the value type
 * @param <KENCODEDT> the type keys are encoded to
 * @param <VENCODEDT> the type values are encoded to
 */
public interface StateEncoder<K, V, KENCODEDT, VENCODEDT> {
    KENCODEDT encodeKey(K key);

    VENCODEDT encodeValue(V value);

    K decodeKey(KENCODEDT encodedKey);

    V decodeValue(VENCODEDT encodedValue);

    /** The encoded value that marks a deleted key (a tombstone). */
    VENCODEDT getTombstoneValue();
}
