package dev.gale.flux.internal;

import dev.gale.utils.ClassResolver;

/**
 * Finds the classes a Flux file names, as {@link ClassResolver} reads them: a name under
 * {@code org.apache.storm.} is Gale's class under {@code dev.gale.} when Gale has it, even with
 * Storm's jars on the classpath, so an unmodified Storm file runs; any other name as written.
 * Stateless.
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
}
