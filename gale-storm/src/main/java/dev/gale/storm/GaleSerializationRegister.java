package dev.gale.storm;

import com.esotericsoftware.kryo.Kryo;
import dev.gale.storm.internal.GaleKryoTypes;
import org.apache.storm.serialization.SerializationRegister;

/**
 * Registers Gale's own tuple value types ({@code Values}, {@code Fields}, {@code Pair}) with
 * every Kryo a Storm worker builds, so they travel between workers without any configuration.
 * Storm finds it with {@link java.util.ServiceLoader}
 * (META-INF/services/org.apache.storm.serialization.SerializationRegister in gale-storm's jar).
 * Stateless and thread-safe.
 */
public final class GaleSerializationRegister implements SerializationRegister {
    @Override
    public void register(Kryo kryo) {
        GaleKryoTypes.register(kryo);
    }
}
