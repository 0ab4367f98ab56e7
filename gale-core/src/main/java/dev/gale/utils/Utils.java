package dev.gale.utils;

import dev.gale.generated.ComponentObject;
import dev.gale.generated.GlobalStreamId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Small helpers that Storm code uses. Stateless and thread-safe. */
public final class Utils {
    /** The stream a component emits on unless it names another. */
    public static final String DEFAULT_STREAM_ID = "default";

    private Utils() {
    }

    /**
     * Sleeps as Storm's does, through {@link Time#sleep}: on simulated time when the calling thread
     * reads it (an executor of a topology on a SimulatedClock, or inside Time.SimulatedTime), else
     * real time. Returns early, interrupt flag set, if interrupted.
     */
    public static void sleep(long millis) {
        try {
            // As Storm's: simulated time when the caller reads it (see Time.sleep), else real time.
            Time.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A mutable list of the values. */
    public static List<Object> tuple(Object... values) {
        return new ArrayList<>(Arrays.asList(values));
    }

    /** The stream {@code streamId} of a component; a null stream id means the default stream. */
    public static GlobalStreamId getGlobalStreamId(String componentId, String streamId) {
        return new GlobalStreamId(componentId, streamId == null ? DEFAULT_STREAM_ID : streamId);
    }

    /**
     * The object's Java serialization.
     *
     * @throws RuntimeException if it (or an object it references) is not serializable
     */
    public static byte[] javaSerialize(Object obj) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(obj);
        } catch (IOException e) {
            throw new RuntimeException("cannot serialize " + (obj == null ? "null" : obj.getClass().getName()) + ": " + e, e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads back what {@link #javaSerialize} wrote, resolving classes with the thread's context class
     * loader first (as code loaded by a plugin or test class loader needs).
     *
     * @throws RuntimeException if the bytes cannot be read or the object is not a {@code clazz}
     */
    public static <T> T javaDeserialize(byte[] serialized, Class<T> clazz) {
        try (ObjectInputStream in = new ContextObjectInputStream(new ByteArrayInputStream(serialized))) {
            return clazz.cast(in.readObject());
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new RuntimeException("cannot deserialize a " + clazz.getName() + ": " + e, e);
        }
    }

    /** The component a {@link ComponentObject} holds, deserialized. */
    public static Object getSetComponentObject(ComponentObject obj) {
        return javaDeserialize(obj.get_serialized_java(), Serializable.class);
    }

    /** The buffer's remaining bytes, copied; the buffer's position does not move. */
    public static byte[] toByteArray(ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    private static final class ContextObjectInputStream extends ObjectInputStream {
        ContextObjectInputStream(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // fall back to the default resolution below
                }
            }
            return super.resolveClass(desc);
        }
    }
}
