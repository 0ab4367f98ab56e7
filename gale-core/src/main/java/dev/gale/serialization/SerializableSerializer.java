package dev.gale.serialization;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * A Kryo serializer for any {@link java.io.Serializable} object, through Java serialization: for
 * a type Kryo cannot handle field by field (no no-argument constructor, custom
 * {@code writeObject}). Register it for such a type with
 * {@code Config.registerSerialization(conf, Type.class, SerializableSerializer.class)}. An object is
 * written as its serialized length, then its bytes; classes are resolved through the Kryo
 * instance's class loader, so a topology's own classes are found in a worker. Stateless and
 * thread-safe (each Kryo instance is used on one thread).
 */
public class SerializableSerializer extends Serializer<Object> {

    @Override
    public void write(Kryo kryo, Output output, Object object) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        } catch (IOException e) {
            throw new KryoException("cannot Java-serialize a " + object.getClass().getName() + ": " + e, e);
        }
        output.writeVarInt(bytes.size(), true);
        output.writeBytes(bytes.toByteArray());
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Object read(Kryo kryo, Input input, Class type) {
        byte[] bytes = input.readBytes(input.readVarInt(true));
        ClassLoader loader = kryo.getClassLoader();
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loader)) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new KryoException("cannot Java-deserialize a " + type.getName() + ": " + e, e);
        }
    }

    /** Resolves classes through a given loader first, as a worker's topology classes need. */
    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
