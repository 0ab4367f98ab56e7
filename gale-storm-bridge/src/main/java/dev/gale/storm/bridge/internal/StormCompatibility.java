package dev.gale.storm.bridge.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.CodeSource;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Refuses, when the topology is built, a Storm component whose own code reaches into what only a
 * Storm worker has: its daemons, executors, cluster state and messaging, or the context calls the
 * bridge cannot serve. It reads the constant pool of the component's class and of each superclass
 * outside storm-client (the references its bytecode can make), so the failure names the class and
 * the call before any tuple flows. Code the component reaches through other classes is not read;
 * such a call still fails at run time with a message naming the component. Stateless.
 */
final class StormCompatibility {
    /** Storm's worker internals, as class-name prefixes in the JVM's internal form. */
    private static final List<String> WORKER_PACKAGES = List.of(
        "org/apache/storm/daemon/", "org/apache/storm/executor/", "org/apache/storm/cluster/",
        "org/apache/storm/messaging/");
    private static final Set<String> CONTEXT_CLASSES = Set.of(
        "org/apache/storm/task/TopologyContext", "org/apache/storm/task/WorkerTopologyContext");
    private static final Set<String> WORKER_CALLS = Set.of(
        "getSharedExecutor", "addTaskHook", "getTaskToNodePort", "getNodeToHost");

    private static final int UTF8 = 1;
    private static final int CLASS = 7;
    private static final int METHOD_REF = 10;
    private static final int INTERFACE_METHOD_REF = 11;
    private static final int NAME_AND_TYPE = 12;

    private StormCompatibility() {
    }

    /**
     * Checks {@code component}'s classes.
     *
     * @throws UnsupportedOperationException naming the class and the call when one needs a Storm worker
     */
    static void check(Object component) {
        CodeSource storm = org.apache.storm.topology.IComponent.class.getProtectionDomain().getCodeSource();
        for (Class<?> type = component.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            if (Objects.equals(type.getProtectionDomain().getCodeSource(), storm) || type.getName().startsWith("java.")) {
                continue;
            }
            String problem = firstWorkerReference(type);
            if (problem != null) {
                throw new UnsupportedOperationException(type.getName() + " uses " + problem
                    + ", which only a Storm worker has; gale-storm-bridge cannot run this component:"
                    + " use a component that does without it, or run the topology on Apache Storm itself");
            }
        }
    }

    /** The first reference of {@code type}'s bytecode to a Storm worker internal, or null. */
    static String firstWorkerReference(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? null : scan(new DataInputStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    private static String scan(DataInputStream in) throws IOException {
        in.skipBytes(8); // magic, minor and major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] first = new int[count];
        int[] second = new int[count];
        int[] tags = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            tags[i] = tag;
            switch (tag) {
                case UTF8 -> utf8[i] = in.readUTF();
                case CLASS, 8, 16, 19, 20 -> first[i] = in.readUnsignedShort(); // class, string, method type, module, package
                case 9, METHOD_REF, INTERFACE_METHOD_REF, NAME_AND_TYPE, 17, 18 -> {
                    first[i] = in.readUnsignedShort();
                    second[i] = in.readUnsignedShort();
                }
                case 3, 4 -> in.skipBytes(4); // int, float
                case 5, 6 -> { // long, double: two slots
                    in.skipBytes(8);
                    i++;
                }
                case 15 -> in.skipBytes(3); // method handle
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        for (int i = 1; i < count; i++) {
            if (tags[i] == CLASS) {
                String name = utf8[first[i]];
                for (String prefix : WORKER_PACKAGES) {
                    if (name.startsWith(prefix)) {
                        return name.replace('/', '.');
                    }
                }
            } else if (tags[i] == METHOD_REF || tags[i] == INTERFACE_METHOD_REF) {
                String owner = utf8[first[first[i]]];
                String method = utf8[first[second[i]]];
                if (CONTEXT_CLASSES.contains(owner) && WORKER_CALLS.contains(method)) {
                    return owner.replace('/', '.') + "." + method;
                }
            }
        }
        return null;
    }
}
