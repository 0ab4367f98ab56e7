package dev.gale.utils;

import java.util.ArrayList;
import java.util.List;

/**
 * Resolves the class names a topology gives as text (configuration, Flux YAML, the command line)
 * the way a Storm user means them: a Storm name {@code org.apache.storm.X} is Gale's
 * {@code dev.gale.X} whenever Gale has that class, even when Storm's own jars are on the classpath
 * too (their classes do not fit Gale's interfaces); any other name, and a Storm name Gale has no
 * class for, is loaded as written. A nested class may be written with dots
 * ({@code a.Outer.Inner}). Classes are looked up through the thread's context class loader, then
 * Gale's own. A Gale addition; stateless and thread-safe.
 */
public final class ClassResolver {
    private static final String STORM_PREFIX = "org.apache.storm.";
    private static final String GALE_PREFIX = "dev.gale.";

    private ClassResolver() {
    }

    /** The names tried for {@code name}, in the order tried. */
    public static List<String> candidates(String name) {
        List<String> out = new ArrayList<>();
        String trimmed = name.trim();
        if (trimmed.startsWith(STORM_PREFIX)) {
            addWithNested(out, GALE_PREFIX + trimmed.substring(STORM_PREFIX.length()));
        }
        addWithNested(out, trimmed);
        return out;
    }

    /**
     * The class {@code name} means, not initialized.
     *
     * @throws ClassNotFoundException naming every name tried
     */
    public static Class<?> find(String name) throws ClassNotFoundException {
        List<String> tried = candidates(name);
        LinkageError broken = null;
        for (String candidate : tried) {
            for (ClassLoader loader : loaders()) {
                try {
                    return Class.forName(candidate, false, loader);
                } catch (ClassNotFoundException e) {
                    // the next loader, then the next name
                } catch (LinkageError e) {
                    // found but unusable (a missing dependency): report it if nothing else fits
                    broken = broken == null ? e : broken;
                }
            }
        }
        String given = name.trim();
        throw new ClassNotFoundException(given.startsWith(STORM_PREFIX)
                ? "neither " + GALE_PREFIX + given.substring(STORM_PREFIX.length()) + " nor " + given + " is on the classpath"
                : given + " is not on the classpath", broken);
    }

    /**
     * A new instance of the class {@code name} means, made with its public no-argument constructor.
     *
     * @param what what names the class, for errors (e.g. a configuration key)
     * @throws IllegalArgumentException naming {@code what} if the class is missing, is not a
     *     {@code type}, or cannot be made
     */
    public static <T> T newInstance(String name, Class<T> type, String what) {
        Class<?> c;
        try {
            c = find(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage()
                    + (e.getCause() != null ? " (" + e.getCause() + ")" : ""), e);
        }
        if (!type.isAssignableFrom(c)) {
            throw new IllegalArgumentException(what + ": " + c.getName() + " is not a " + type.getName());
        }
        try {
            return type.cast(c.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException(what + ": cannot create " + c.getName()
                    + " with its public no-argument constructor: " + e, e);
        }
    }

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

    /** The name, then each dot from the right read as a nesting ({@code a.B.C} -> {@code a.B$C}). */
    private static void addWithNested(List<String> out, String name) {
        out.add(name);
        StringBuilder b = new StringBuilder(name);
        for (int i = b.lastIndexOf("."); i > 0; i = b.lastIndexOf(".", i - 1)) {
            b.setCharAt(i, '$');
            out.add(b.toString());
        }
    }
}
