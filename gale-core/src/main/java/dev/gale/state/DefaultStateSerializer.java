package dev.gale.state;

import dev.gale.Config;
import dev.gale.task.TopologyContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The serializer the durable state providers use unless configured otherwise. Strings, the boxed
 * primitives, {@code byte[]}, null and {@link Optional} are written in a compact form of their own
 * (a tag byte and the value: a {@code Long} takes 9 bytes); any other class must be
 * {@link Serializable} and is written with Java serialization. A value that is neither throws an
 * {@link IllegalArgumentException} naming its class (the state that called names the bolt).
 *
 * <p>Keys: a store finds a key by its bytes, and Java serialization may write equal keys as
 * different bytes (a HashMap or HashSet inside, a class that gained a field), so a lookup would
 * silently find nothing. As a key serializer ({@link DefaultStateEncoder#encodeKey}), it therefore
 * refuses a key that needs Java serialization, naming its class, unless it is an enum (written by
 * its name) or a key class of Gale's own, or {@value Config#GALE_STATE_KEYS_JAVA_SERIALIZATION}
 * is true in the topology configuration.
 *
 * <p>Reads: Java deserialization is limited to the JDK's value types and collections, Gale's
 * classes and the patterns of {@value Config#GALE_STATE_DESERIALIZATION_ALLOW}, with limits of
 * depth and size, so that whoever can write to a store cannot run code in this JVM through a class
 * that acts as it is read; a value holding another class is refused when written, and when read,
 * naming the class and that key.
 *
 * <p>Storm's default serializer is Kryo's, which also writes classes that are not
 * {@code Serializable}; Gale keeps its core free of Kryo. To use another format, implement
 * {@link Serializer} and name it in {@code topology.state.provider.config}
 * ({@code keySerializerClass}, {@code valueSerializerClass}). Storm's constructors are kept; the
 * classes they register (and {@code topology.state.kryo.register}) are not needed and ignored.
 *
 * <p>Its settings are fixed when it is made; thread-safe.
 *
 * @param <T> the type serialized
 */
public class DefaultStateSerializer<T> implements Serializer<T> {
    private static final long serialVersionUID = 1L;
    private static final byte NULL = 0;
    private static final byte STRING = 1;
    private static final byte LONG = 2;
    private static final byte INT = 3;
    private static final byte DOUBLE = 4;
    private static final byte BOOLEAN = 5;
    private static final byte BYTES = 6;
    private static final byte SHORT = 7;
    private static final byte BYTE = 8;
    private static final byte FLOAT = 9;
    private static final byte CHAR = 10;
    private static final byte OPTIONAL = 11;
    private static final byte JAVA = 127;
    /**
     * Gale's key classes written with Java serialization: a stateful window's source task and
     * stream (an int and two Strings, a fixed serialVersionUID), stored so since the first
     * version; another encoding would lose the keys already stored.
     */
    private static final Set<String> GALE_KEY_CLASSES = Set.of("dev.gale.topology.StatefulWindowedBoltExecutor$TaskStream");

    private final boolean javaKeys;
    /** The configured patterns of {@value Config#GALE_STATE_DESERIALIZATION_ALLOW}, joined with ';' (null: none). */
    private final String allow;
    private transient volatile StateDeserializationFilter filter;

    /**
     * Reads {@value Config#GALE_STATE_KEYS_JAVA_SERIALIZATION} and
     * {@value Config#GALE_STATE_DESERIALIZATION_ALLOW} from {@code topoConf}.
     *
     * @throws IllegalArgumentException naming the key, if either is not valid
     */
    public DefaultStateSerializer(Map<String, Object> topoConf, TopologyContext context, List<Class<?>> classesToRegister) {
        // Kryo registrations in Storm; Java serialization needs none.
        Map<String, Object> conf = topoConf == null ? Map.of() : topoConf;
        this.javaKeys = javaKeys(conf.get(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION));
        this.allow = StateDeserializationFilter.patterns(conf);
        this.filter = new StateDeserializationFilter(allow);
    }

    public DefaultStateSerializer(Map<String, Object> topoConf, TopologyContext context) {
        this(topoConf, context, Collections.emptyList());
    }

    /** With the defaults: no key written with Java serialization, no class allowed beyond the defaults. */
    public DefaultStateSerializer() {
        this(Collections.emptyMap(), null);
    }

    private static boolean javaKeys(Object configured) {
        if (configured == null || configured instanceof Boolean) {
            return Boolean.TRUE.equals(configured);
        }
        String text = configured.toString().strip();
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new IllegalArgumentException(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION + " must be true or false, got "
                + configured);
    }

    private StateDeserializationFilter filter() {
        StateDeserializationFilter f = filter;
        if (f == null) {
            // A serializer that was itself deserialized (null patterns if an earlier version wrote it).
            f = new StateDeserializationFilter(allow == null ? "" : allow);
            filter = f;
        }
        return f;
    }

    @Override
    public byte[] serialize(T obj) {
        return write(obj, false);
    }

    /**
     * The bytes of a key: as {@link #serialize}, but a key that needs Java serialization is refused
     * (see the class comment).
     *
     * @throws IllegalArgumentException naming the key's class and what to do instead
     */
    byte[] serializeKey(T key) {
        return write(key, true);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T deserialize(byte[] b) {
        return (T) read(b, 0, b.length);
    }

    private byte[] write(Object o, boolean key) {
        if (o == null) {
            return new byte[] {NULL};
        }
        Class<?> c = o.getClass();
        if (c == String.class) {
            byte[] s = ((String) o).getBytes(StandardCharsets.UTF_8);
            byte[] out = new byte[s.length + 1];
            out[0] = STRING;
            System.arraycopy(s, 0, out, 1, s.length);
            return out;
        } else if (c == Long.class) {
            return ByteBuffer.allocate(9).put(LONG).putLong((Long) o).array();
        } else if (c == Integer.class) {
            return ByteBuffer.allocate(5).put(INT).putInt((Integer) o).array();
        } else if (c == Double.class) {
            return ByteBuffer.allocate(9).put(DOUBLE).putDouble((Double) o).array();
        } else if (c == Boolean.class) {
            return new byte[] {BOOLEAN, (byte) ((Boolean) o ? 1 : 0)};
        } else if (c == byte[].class) {
            byte[] b = (byte[]) o;
            byte[] out = new byte[b.length + 1];
            out[0] = BYTES;
            System.arraycopy(b, 0, out, 1, b.length);
            return out;
        } else if (c == Short.class) {
            return ByteBuffer.allocate(3).put(SHORT).putShort((Short) o).array();
        } else if (c == Byte.class) {
            return new byte[] {BYTE, (Byte) o};
        } else if (c == Float.class) {
            return ByteBuffer.allocate(5).put(FLOAT).putFloat((Float) o).array();
        } else if (c == Character.class) {
            return ByteBuffer.allocate(3).put(CHAR).putChar((Character) o).array();
        } else if (c == Optional.class) {
            Optional<?> opt = (Optional<?>) o;
            if (opt.isEmpty()) {
                return new byte[] {OPTIONAL};
            }
            byte[] inner = write(opt.get(), key);
            byte[] out = new byte[inner.length + 1];
            out[0] = OPTIONAL;
            System.arraycopy(inner, 0, out, 1, inner.length);
            return out;
        }
        if (key && !javaKeys && !(o instanceof Enum) && !GALE_KEY_CLASSES.contains(c.getName())) {
            throw unstableKey(c);
        }
        return writeJava(o);
    }

    private byte[] writeJava(Object o) {
        if (!(o instanceof Serializable)) {
            throw notSerializable(o.getClass().getName(), null);
        }
        StateDeserializationFilter f = filter();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(JAVA);
        Class<?> refused;
        try (CheckedObjectOutputStream out = new CheckedObjectOutputStream(bytes, f)) {
            out.writeObject(o);
            refused = out.refused;
        } catch (NotSerializableException e) {
            // A field of the value is not serializable: its class is the exception's message.
            throw notSerializable(o.getClass().getName() + " (its field of class " + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot serialize a value of class " + o.getClass().getName() + ": " + e, e);
        }
        if (refused != null) {
            throw f.refusedWritten(refused, o.getClass());
        }
        f.checkWrittenSize(bytes.size() - 1, o.getClass());
        return bytes.toByteArray();
    }

    private static IllegalArgumentException unstableKey(Class<?> c) {
        return new IllegalArgumentException("cannot use a key of class " + c.getName() + ": Gale's DefaultStateSerializer"
                + " would write it with Java serialization, whose bytes are not the same for equal keys (a HashMap or"
                + " HashSet inside writes its entries in the order of its table, a class that gained a field writes"
                + " other bytes), while the store finds a key by its bytes: a lookup could find nothing, without an"
                + " error. Use a key of a compact type (String, a boxed primitive, byte[], an enum), or set"
                + " keySerializerClass in " + Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " to a Serializer that writes equal"
                + " keys as equal bytes; or, to write such keys with Java serialization anyway, as earlier versions did,"
                + " set " + Config.GALE_STATE_KEYS_JAVA_SERIALIZATION + " to true");
    }

    private static IllegalArgumentException notSerializable(String what, Exception cause) {
        return new IllegalArgumentException("cannot serialize a value of class " + what + ": it is not"
                + " java.io.Serializable, and Gale's DefaultStateSerializer writes any class other than String, the"
                + " boxed primitives, byte[] and Optional with Java serialization; make it Serializable, or set"
                + " keySerializerClass / valueSerializerClass in topology.state.provider.config", cause);
    }

    private Object read(byte[] b, int off, int len) {
        if (len == 0) {
            throw new IllegalArgumentException("cannot deserialize an empty byte array");
        }
        ByteBuffer buf = ByteBuffer.wrap(b, off + 1, len - 1);
        switch (b[off]) {
            case NULL:
                return null;
            case STRING:
                return new String(b, off + 1, len - 1, StandardCharsets.UTF_8);
            case LONG:
                return buf.getLong();
            case INT:
                return buf.getInt();
            case DOUBLE:
                return buf.getDouble();
            case BOOLEAN:
                return b[off + 1] != 0;
            case BYTES: {
                byte[] out = new byte[len - 1];
                System.arraycopy(b, off + 1, out, 0, len - 1);
                return out;
            }
            case SHORT:
                return buf.getShort();
            case BYTE:
                return b[off + 1];
            case FLOAT:
                return buf.getFloat();
            case CHAR:
                return buf.getChar();
            case OPTIONAL:
                return len == 1 ? Optional.empty() : Optional.ofNullable(read(b, off + 1, len - 1));
            case JAVA:
                return readJava(b, off + 1, len - 1);
            default:
                throw new IllegalArgumentException("cannot deserialize: unknown type tag " + b[off]
                        + " (not written by DefaultStateSerializer?)");
        }
    }

    private Object readJava(byte[] b, int off, int len) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        StateDeserializationFilter.Read check = filter().newRead();
        Object value;
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(b, off, len), loader)) {
            in.setObjectInputFilter(check);
            value = in.readObject();
        } catch (InvalidClassException e) {
            throw check.refused() != null ? refused(check, e) : cannotRead(e);
        } catch (IOException | ClassNotFoundException e) {
            throw cannotRead(e);
        }
        if (check.refused() != null) {
            // A class's readObject caught the refusal of what it held and went on: the value is still refused.
            throw refused(check, null);
        }
        return value;
    }

    private static IllegalArgumentException refused(StateDeserializationFilter.Read check, Exception cause) {
        return new IllegalArgumentException("cannot deserialize a Java-serialized state value: " + check.refused(), cause);
    }

    private static IllegalArgumentException cannotRead(Exception e) {
        return new IllegalArgumentException("cannot deserialize a Java-serialized state value: " + e, e);
    }

    /**
     * Notes, as it writes them, the first class that the filter would refuse to read back. It does
     * not throw there: a stream that fails writes the exception into itself, whose class the
     * filter may refuse, and the failure is the error to report.
     */
    private static final class CheckedObjectOutputStream extends ObjectOutputStream {
        private final StateDeserializationFilter filter;
        Class<?> refused;

        CheckedObjectOutputStream(OutputStream out, StateDeserializationFilter filter) throws IOException {
            super(out);
            this.filter = filter;
        }

        // Called once per class written, superclasses included; writes nothing, so the bytes are unchanged.
        @Override
        protected void annotateClass(Class<?> cl) {
            check(cl);
        }

        @Override
        protected void annotateProxyClass(Class<?> cl) {
            check(cl);
            for (Class<?> i : cl.getInterfaces()) {
                check(i);
            }
        }

        private void check(Class<?> cl) {
            if (refused == null && !filter.allowsWritten(cl)) {
                refused = cl;
            }
        }
    }

    /** Resolves classes with the context class loader first (the topology's classes), then as usual. */
    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // fall through
                }
            }
            return super.resolveClass(desc);
        }
    }
}
