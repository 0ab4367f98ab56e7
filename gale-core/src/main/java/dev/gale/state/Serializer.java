package dev.gale.state;

import java.io.Serializable;

/**
 * Turns state keys or values into bytes and back, for the providers that store bytes (RocksDB,
 * Redis). Providers take one by class name from their configuration ({@code keySerializerClass},
 * {@code valueSerializerClass}); it needs a public no-argument constructor. An implementation must
 * be usable from one thread at a time; the providers never share one between threads.
 *
 * @param <T> the type serialized
 */
public interface Serializer<T> extends Serializable {
    byte[] serialize(T obj);

    T deserialize(byte[] b);
}
