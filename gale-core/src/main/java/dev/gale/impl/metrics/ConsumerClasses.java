package dev.gale.impl.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds a metrics consumer class by the name it was registered under: as given, then as a nested
 * class (Storm's {@code Config.registerMetricsConsumer} records {@code getCanonicalName()}, which
 * writes {@code Outer.Inner} for {@code Outer$Inner}), then with {@code org.apache.storm.} read as
 * {@code dev.gale.} so a configuration written for Storm works unchanged. The thread's context
 * class loader first (a topology's own classes, e.g. from {@code gale run --jar}), then Gale's.
 * Stateless.
 */
final class ConsumerClasses {
    private static final String STORM_PREFIX = "org.apache.storm.";
    private static final String GALE_PREFIX = "dev.gale.";

    private ConsumerClasses() {
    }

    /** @throws ClassNotFoundException naming every name tried */
    static Class<?> find(String name) throws ClassNotFoundException {
        StringBuilder tried = new StringBuilder();
        for (String candidate : candidates(name)) {
            Class<?> c = load(candidate);
            if (c != null) {
                return c;
            }
            tried.append(tried.length() == 0 ? "" : ", ").append(candidate);
        }
        throw new ClassNotFoundException("none of " + tried + " is on the classpath");
    }

    private static List<String> candidates(String name) {
        List<String> out = new ArrayList<>();
        addWithNested(out, name);
        if (name.startsWith(STORM_PREFIX)) {
            addWithNested(out, GALE_PREFIX + name.substring(STORM_PREFIX.length()));
        }
        return out;
    }

    /** The name, then each dot from the right read as a nesting ({@code a.B.C} -> {@code a.B$C}). */
    private static void addWithNested(List<String> out, String name) {
        out.add(name);
        StringBuilder b = new StringBuilder(name);
        for (int i = b.lastIndexOf("."); i > 0; i = b.lastIndexOf(".", i - 1)) {
            b.setCharAt(i, '$');
            out.add(b.toString());
        }
    }

    private static Class<?> load(String name) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        for (ClassLoader loader : new ClassLoader[] {context, ConsumerClasses.class.getClassLoader()}) {
            if (loader == null) {
                continue;
            }
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                // try the next loader, then the next name
            }
        }
        return null;
    }
}
