package dev.gale.flux.internal;

import dev.gale.utils.ClassResolver;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the classes a Flux file names, as {@link ClassResolver} reads them: a name under
 * {@code org.apache.storm.} is Gale's class under {@code dev.gale.} when Gale has it, even with
 * Storm's jars on the classpath, so an unmodified Storm file runs; any other name as written.
 * {@link #stormClass} finds Storm's own class for such a name, for Storm's connectors, whose
 * methods take Storm's types. Stateless.
 */
final class ClassNames {
    static final String STORM_PREFIX = "org.apache.storm.";
    static final String GALE_PREFIX = "dev.gale.";

    private ClassNames() {
    }

    /** Gale's name for a Storm class name, or null for a name that is not Storm's. */
    static String galeName(String className) {
        return className.startsWith(STORM_PREFIX) ? GALE_PREFIX + className.substring(STORM_PREFIX.length()) : null;
    }

    /**
     * The class, or null if no candidate name is found.
     *
     * @throws LinkageError if the class is there but cannot be loaded
     */
    static Class<?> find(String className) {
        try {
            return ClassResolver.find(className);
        } catch (ClassNotFoundException e) {
            if (e.getCause() instanceof LinkageError broken) {
                throw broken;
            }
            return null;
        }
    }

    /**
     * Storm's own class for a Storm name (as written, not Gale's twin), or null for a name that is
     * not Storm's or a class that is not on the classpath.
     *
     * @throws LinkageError if the class is there but cannot be loaded
     */
    static Class<?> stormClass(String className) {
        if (galeName(className.trim()) == null) {
            return null;
        }
        for (String candidate : ClassResolver.candidates(className)) {
            if (candidate.startsWith(GALE_PREFIX)) {
                continue;
            }
            for (ClassLoader loader : loaders()) {
                try {
                    return Class.forName(candidate, false, loader);
                } catch (ClassNotFoundException e) {
                    // the next loader, then the next name
                }
            }
        }
        return null;
    }

    /** The loaders {@link ClassResolver} looks in: the thread's context class loader, then Gale's. */
    private static List<ClassLoader> loaders() {
        List<ClassLoader> out = new ArrayList<>(2);
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            out.add(context);
        }
        ClassLoader own = ClassResolver.class.getClassLoader();
        if (own != context) {
            out.add(own);
        }
        return out;
    }
}
