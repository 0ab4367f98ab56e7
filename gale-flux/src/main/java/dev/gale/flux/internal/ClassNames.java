package dev.gale.flux.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the classes a Flux file names. A name under {@code org.apache.storm.} is looked up under
 * {@code dev.gale.} first, where Gale keeps Storm's API, so an unmodified Storm file runs; then as
 * written. Classes come from the context class loader (a user's jar), else Gale's own. Stateless.
 */
final class ClassNames {
    static final String STORM_PREFIX = "org.apache.storm.";
    static final String GALE_PREFIX = "dev.gale.";

    private ClassNames() {
    }

    /** The names tried for {@code className}, in order. */
    static List<String> candidates(String className) {
        List<String> out = new ArrayList<>();
        if (className.startsWith(STORM_PREFIX)) {
            out.add(GALE_PREFIX + className.substring(STORM_PREFIX.length()));
        }
        out.add(className);
        return out;
    }

    /** The class, or null if no candidate name is found. */
    static Class<?> find(String className) throws LinkageError {
        for (String name : candidates(className)) {
            try {
                return Class.forName(name, false, loader());
            } catch (ClassNotFoundException e) {
                // try the next name
            }
        }
        return null;
    }

    static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassNames.class.getClassLoader();
    }
}
