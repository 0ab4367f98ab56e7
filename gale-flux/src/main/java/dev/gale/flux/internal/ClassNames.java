package dev.gale.flux.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Finds the classes a Flux file names. A name under {@code org.apache.storm.} is looked up under
 * {@code dev.gale.} first, where Gale keeps Storm's API, so an unmodified Storm file runs; then as
 * written. Classes come from the context class loader (a user's jar), else Gale's own. Stateless.
 */
final class ClassNames {
    static final String STORM_PREFIX = "org.apache.storm.";
    static final String GALE_PREFIX = "dev.gale.";

    /** Storm's multilang (subprocess) components, which Gale cannot run yet. */
    private static final Set<String> MULTILANG = Set.of(
            "flux.wrappers.bolts.FluxShellBolt", "flux.wrappers.spouts.FluxShellSpout",
            "task.ShellBolt", "spout.ShellSpout");

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

    /** Whether {@code className} is one of Storm's multilang components (under either prefix). */
    static boolean isMultilang(String className) {
        for (String prefix : List.of(STORM_PREFIX, GALE_PREFIX)) {
            if (className.startsWith(prefix) && MULTILANG.contains(className.substring(prefix.length()))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a class failed to link because it extends Storm's ShellBolt or ShellSpout. */
    static boolean needsMultilang(LinkageError e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("ShellBolt") || m.contains("ShellSpout");
    }

    static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassNames.class.getClassLoader();
    }
}
