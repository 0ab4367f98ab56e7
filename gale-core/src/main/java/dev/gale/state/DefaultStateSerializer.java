package dev.gale.state;

import dev.gale.task.TopologyContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The serializer the durable state providers use unless configured otherwise. Strings, the boxed
 * primitives, {@code byte[]}, null and {@link Optional} are written in a compact form of their own
 * (a tag byte and the value: a {@code Long} takes 9 bytes); any other class must be
 * {@link Serializable} and is written with Java serialization. A value that is neither throws an
 * {@link IllegalArgumentException} naming its class (the state that called names the bolt).
 *
 * <p>Storm's default serializer is Kryo's, which also writes classes that are not
 * {@code Serializable}; Gale keeps its core free of Kryo. To use another format, implement
 * {@link Serializer} and name it in {@code topology.state.provider.config}
 * ({@code keySerializerClass}, {@code valueSerializerClass}). Storm's constructors are kept; the
 * classes they register (and {@code topology.state.kryo.register}) are not needed and ignored.
 *
 * <p>Stateless apart from its class loader; thread-safe.
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

    public DefaultStateSerializer(Map<String, Object> topoConf, TopologyContext context, List<Class<?>> classesToRegister) {
        // Kryo registrations in Storm; Java serialization needs none.
    }

    public DefaultStateSerializer(Map<String, Object> topoConf, TopologyContext context) {
        this(topoConf, context, Collections.emptyList());
    }

    public DefaultStateSerializer() {
        this(Collections.emptyMap(), null);
    }

    @Override
    public byte[] serialize(T obj) {
        return write(obj);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T deserialize(byte[] b) {
        return (T) read(b, 0, b.length);
    }

    private static byte[] write(Object o) {
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
            byte[] inner = write(opt.get());
            byte[] out = new byte[inner.length + 1];
            out[0] = OPTIONAL;
            System.arraycopy(inner, 0, out, 1, inner.length);
            return out;
        }
        return writeJava(o);
    }

    private static byte[] writeJava(Object o) {
        if (!(o instanceof Serializable)) {
            throw notSerializable(o.getClass().getName(), null);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(JAVA);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        } catch (NotSerializableException e) {
            // A field of the value is not serializable: its class is the exception's message.
            throw notSerializable(o.getClass().getName() + " (its field of class " + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot serialize a value of class " + o.getClass().getName() + ": " + e, e);
        }
        return bytes.toByteArray();
    }

    private static IllegalArgumentException notSerializable(String what, Exception cause) {
        return new IllegalArgumentException("cannot serialize a value of class " + what + ": it is not"
                + " java.io.Serializable, and Gale's DefaultStateSerializer writes any class other than String, the"
                + " boxed primitives, byte[] and Optional with Java serialization; make it Serializable, or set"
                + " keySerializerClass / valueSerializerClass in topology.state.provider.config", cause);
    }

    private static Object read(byte[] b, int off, int len) {
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

    private static Object readJava(byte[] b, int off, int len) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(b, off, len), loader)) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException("cannot deserialize a Java-serialized state value: " + e, e);
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
