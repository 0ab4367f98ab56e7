package dev.gale.storm.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.gale.streams.Pair;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.List;

/**
 * Kryo registrations of Gale's own types that may travel in a tuple between Storm workers:
 * {@link Values} (a list), {@link Fields} and {@link Pair}, the last two with serializers of
 * their own (they have no no-argument constructor). Registered in every worker of a topology
 * whose jar holds gale-storm, through Storm's {@code SerializationRegister} service. Stateless.
 */
public final class GaleKryoTypes {
    private GaleKryoTypes() {
    }

    /** Registers Gale's types; the order is fixed, as every worker must give them the same ids. */
    public static void register(Kryo kryo) {
        kryo.register(Values.class);
        kryo.register(Fields.class, new FieldsSerializer());
        kryo.register(Pair.class, new PairSerializer());
    }

    /** A Fields as its names. */
    static final class FieldsSerializer extends Serializer<Fields> {
        @Override
        public void write(Kryo kryo, Output output, Fields fields) {
            List<String> names = fields.toList();
            output.writeVarInt(names.size(), true);
            for (String n : names) {
                output.writeString(n);
            }
        }

        @Override
        public Fields read(Kryo kryo, Input input, Class<? extends Fields> type) {
            int n = input.readVarInt(true);
            List<String> names = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                names.add(input.readString());
            }
            return new Fields(names);
        }
    }

    /** A Pair as its two values, each with its class. */
    @SuppressWarnings("rawtypes")
    static final class PairSerializer extends Serializer<Pair> {
        @Override
        public void write(Kryo kryo, Output output, Pair pair) {
            kryo.writeClassAndObject(output, pair.getFirst());
            kryo.writeClassAndObject(output, pair.getSecond());
        }

        @Override
        public Pair read(Kryo kryo, Input input, Class<? extends Pair> type) {
            Object first = kryo.readClassAndObject(input);
            Object second = kryo.readClassAndObject(input);
            return Pair.of(first, second);
        }
    }
}
