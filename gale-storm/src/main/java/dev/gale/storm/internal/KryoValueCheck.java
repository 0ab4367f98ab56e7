package dev.gale.storm.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.serialization.SerializationFactory;

/**
 * Checks that Storm can send a tuple's values between workers: each value goes through a round
 * trip in a Kryo built as the workers build theirs (Storm's registrations, Gale's, the topology's
 * {@code topology.kryo.register}, Java serialization only if
 * {@code topology.fall.back.on.java.serialization}). A class is checked on its first value;
 * collections, maps and arrays, whose content varies, on their first {@value #CONTAINER_SAMPLES}.
 * Storm itself serializes only tuples that leave the worker, so a class that cannot be serialized
 * fails there, late and with Kryo's words; this check fails the emit at once, whatever the
 * placement, and says how to fix it. Not thread-safe: one per task.
 */
public final class KryoValueCheck {
    static final int CONTAINER_SAMPLES = 64;

    private final Kryo kryo;
    private final Output output = new Output(4096, -1);
    private final Input input = new Input();
    /** Checks done per class; a class whose value failed is never recorded. */
    private final Map<Class<?>, Integer> checked = new HashMap<>();
    /**
     * The first classes found fine that need no further check (not containers), compared by
     * identity before the map: an emit's values are nearly always of a few such classes, and a
     * map lookup per value was most of what this check cost per emit.
     */
    private final Class<?>[] done = new Class<?>[8];
    private int doneCount;

    /** @param stormConf a complete Storm configuration (defaults included), as a worker has it */
    public KryoValueCheck(Map<String, Object> stormConf) {
        this.kryo = SerializationFactory.getKryo(stormConf);
    }

    /**
     * Checks one value.
     *
     * @param where what emitted it, e.g. "bolt 'split' emitted on stream 'default', field 'word'"
     * @throws IllegalArgumentException naming {@code where}, the class and the fix
     */
    public void check(String where, Object value) {
        if (!needsCheck(value)) {
            return;
        }
        Class<?> c = value.getClass();
        Integer n = checked.get(c);
        try {
            output.reset();
            kryo.writeClassAndObject(output, value);
            input.setBuffer(output.getBuffer(), 0, output.position());
            kryo.readClassAndObject(input);
        } catch (RuntimeException | StackOverflowError e) {
            throw new IllegalArgumentException(message(where, c, e), e);
        }
        checked.put(c, n == null ? 1 : n + 1);
        if (n == null && doneCount < done.length && !isContainer(value, c)) {
            done[doneCount++] = c;
        }
    }

    /** Checks the values of one emit, field by field. */
    public void check(String emitter, String streamId, List<String> fields, List<Object> values) {
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            if (needsCheck(v)) { // false in the common case: no description is built
                check(emitter + " emitted on stream '" + streamId + "', field '" + (i < fields.size() ? fields.get(i) : i)
                        + "',", v);
            }
        }
    }

    private boolean needsCheck(Object value) {
        if (value == null) {
            return false;
        }
        Class<?> c = value.getClass();
        for (int i = 0; i < doneCount; i++) {
            if (done[i] == c) {
                return false;
            }
        }
        Integer n = checked.get(c);
        if (n == null) {
            return true;
        }
        return isContainer(value, c) && n < CONTAINER_SAMPLES;
    }

    private static boolean isContainer(Object value, Class<?> c) {
        return value instanceof Collection || value instanceof Map || c.isArray();
    }

    static String message(String where, Class<?> c, Throwable e) {
        String name = c.getName();
        return where + " a value of class " + name + " that Storm cannot send between workers (Kryo: "
                + firstLine(e) + "). Fix: register the class before submitting, conf.registerSerialization("
                + name + ".class) (Kryo's FieldSerializer, which needs a no-argument constructor), or with a serializer of"
                + " your own, conf.registerSerialization(" + name + ".class, YourSerializer.class); or, for a Serializable"
                + " class, let Storm use Java serialization: conf.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, true)"
                + " (topology.fall.back.on.java.serialization; slower). Check a topology before it goes to Storm with"
                + " dev.gale.storm.StormSerializationCheck.";
    }

    private static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = String.valueOf(root.getMessage());
        int nl = m.indexOf('\n');
        return root.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }
}
