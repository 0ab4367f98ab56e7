package dev.gale.serialization;

import com.esotericsoftware.kryo.Kryo;

/**
 * Adds registrations to the Kryo instance that serializes a topology's tuples, for types that
 * need more than {@code topology.kryo.register} says (a serializer built with arguments, a class
 * hierarchy). Named by class in {@code topology.kryo.decorators} ({@code Config.registerDecorator});
 * made with its public no-argument constructor. Gale's embedded engine never serializes tuples
 * (they stay in one JVM) and only records the name; Kryo is an optional dependency of Gale, needed
 * only by code implementing this. Implementations are called on one thread per Kryo instance.
 */
public interface IKryoDecorator {

    /** Registers what the topology's types need on {@code k}. */
    void decorate(Kryo k);
}
