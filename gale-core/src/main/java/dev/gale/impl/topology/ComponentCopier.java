package dev.gale.impl.topology;

import dev.gale.generated.InvalidTopologyException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.util.LinkedHashSet;
import java.util.Set;

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
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        byte[] bytes = serialize("component '" + componentId + "'", component, loaders);
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loaders)) {
            return (T) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new InvalidTopologyException("component '" + componentId + "' (" + component.getClass().getName()
                    + ") cannot be copied for its tasks: " + e, e);
        }
    }

    private static byte[] serialize(String what, Object component) {
        return serialize(what, component, new LinkedHashSet<>());
    }

    /**
     * Serializes {@code component}, adding to {@code loaders} the loader of every class written: a
     * user's class inside one of Gale's wrappers (a windowed bolt in a windowing executor, say) is
     * only visible through the loader that defined it, not through the wrapper's.
     */
    private static byte[] serialize(String what, Object component, Set<ClassLoader> loaders) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new LoaderRecordingObjectOutputStream(bytes, loaders)) {
            out.writeObject(component);
        } catch (IOException e) {
            throw new InvalidTopologyException(what + " (" + component.getClass().getName()
                    + ") cannot be copied for its tasks: every field must be Serializable or transient (create"
                    + " connections and other resources in open/prepare): " + e, e);
        }
        return bytes.toByteArray();
    }

    /** Notes the loader of each class it writes a descriptor for. */
    private static final class LoaderRecordingObjectOutputStream extends ObjectOutputStream {
        private final Set<ClassLoader> loaders;

        LoaderRecordingObjectOutputStream(OutputStream out, Set<ClassLoader> loaders) throws IOException {
            super(out);
            this.loaders = loaders;
        }

        @Override
        protected void annotateClass(Class<?> cl) {
            ClassLoader loader = cl.getClassLoader();
            if (loader != null) {
                loaders.add(loader);
            }
        }
    }

    /** Resolves each class through the loaders the writer met, the first that knows the name winning. */
    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final Set<ClassLoader> loaders;

        LoaderObjectInputStream(InputStream in, Set<ClassLoader> loaders) throws IOException {
            super(in);
            this.loaders = loaders;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            for (ClassLoader loader : loaders) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // not this loader's: try the next
                }
            }
            return super.resolveClass(desc);
        }
    }
}
