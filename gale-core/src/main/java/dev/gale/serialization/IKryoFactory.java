package dev.gale.serialization;

import com.esotericsoftware.kryo.Kryo;
import java.util.Map;

/**
 * Makes the Kryo instance that serializes a topology's tuples and is told of each stage of its
 * set-up: after the built-in registrations ({@link #preRegister}), after
 * {@code topology.kryo.register} ({@link #postRegister}) and after the decorators
 * ({@link #postDecorate}). Named by class in {@code topology.kryo.factory}
 * ({@code Config.setKryoFactory}). Gale's embedded engine never serializes tuples and only records
 * the name. Implementations are called on one thread per Kryo instance.
 */
public interface IKryoFactory {

    /** A new Kryo instance for the topology of configuration {@code conf}. */
    Kryo getKryo(Map<String, Object> conf);

    void preRegister(Kryo k, Map<String, Object> conf);

    void postRegister(Kryo k, Map<String, Object> conf);

    void postDecorate(Kryo k, Map<String, Object> conf);
}
