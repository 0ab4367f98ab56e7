package dev.gale.impl.topology;

import dev.gale.generated.InvalidTopologyException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * Gives every task its own copy of a submitted component, by Java serialization, as if the task
 * had received it over the wire. Stateless and thread-safe.
 */
public final class ComponentCopier {
    private ComponentCopier() {
    }

    static void checkCopyable(ComponentDef c) {
        serialize("component '" + c.id() + "'", c.component());
    }

    /** Checks that an object the tasks get copies of (e.g. a custom grouping) serializes; {@code what} names it. */
    static void checkCopyable(String what, Object o) {
        serialize(what, o);
    }

    /** A deep copy of {@code component}, named {@code componentId} in errors. */
    @SuppressWarnings("unchecked")
    public static <T> T copy(String componentId, T component) {
        byte[] bytes = serialize("component '" + componentId + "'", component);
        ClassLoader loader = component.getClass().getClassLoader();
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loader)) {
            return (T) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new InvalidTopologyException("component '" + componentId + "' (" + component.getClass().getName()
                    + ") cannot be copied for its tasks: " + e, e);
        }
    }

    private static byte[] serialize(String what, Object component) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(component);
        } catch (IOException e) {
            throw new InvalidTopologyException(what + " (" + component.getClass().getName()
                    + ") cannot be copied for its tasks: every field must be Serializable or transient (create"
                    + " connections and other resources in open/prepare): " + e, e);
        }
        return bytes.toByteArray();
    }

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
