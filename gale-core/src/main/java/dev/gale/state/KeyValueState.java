package dev.gale.state;

import java.util.Map;

/**
 * A {@link State} that maps keys to values: what a stateful bolt typically keeps (word counts, sums).
 * Iterating visits every mapping visible now, committed or not. Not thread-safe.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public interface KeyValueState<K, V> extends State, Iterable<Map.Entry<K, V>> {
    /** Maps {@code key} to {@code value}. */
    void put(K key, V value);

    /** The value mapped to {@code key}, or null. */
    V get(K key);

    /** The value mapped to {@code key}, or {@code defaultValue} if there is none. */
    V get(K key, V defaultValue);

    /** Removes the mapping of {@code key}, if any, and returns the value it had (or null). */
    V delete(K key);
}
