package dev.gale.cli.port;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * Says whether a ported name ({@code dev.gale.X}) exists: as a class or package of the user's own
 * tree, as a Gale class (and which module holds it), or not at all. A name is read as Java writes
 * it: packages, then the first capitalised segment is the class, then nested classes or one member
 * (a static import's field or method). Immutable.
 */
final class Resolver {
    private final GaleClassIndex gale;
    private final Set<String> ownClasses;
    private final Set<String> ownPackages;

    Resolver(GaleClassIndex gale, Set<String> ownClasses, Set<String> ownPackages) {
        this.gale = gale;
        this.ownClasses = Set.copyOf(ownClasses);
        this.ownPackages = Set.copyOf(ownPackages);
    }

    /**
     * What a name resolves to.
     *
     * @param own whether it is the user's own
     * @param module the Gale module holding it, when Gale's
     * @param missing the part that does not exist (the class, or {@code Class.member}), when neither
     */
    record Resolution(boolean own, String module, String missing) {
        boolean found() {
            return missing == null;
        }
    }

    Resolution resolve(String name) {
        String bare = name.endsWith(".*") ? name.substring(0, name.length() - 2) : name;
        // A class literal, Foo.class, names Foo.
        String n = bare.endsWith(".class") ? bare.substring(0, bare.length() - ".class".length()) : bare;
        String[] segments = n.split("\\.");
        int cls = -1;
        for (int i = 0; i < segments.length; i++) {
            if (!segments[i].isEmpty() && Character.isUpperCase(segments[i].charAt(0))) {
                cls = i;
                break;
            }
        }
        if (cls < 0) {
            if (ownPackages.contains(n) || ownPackages.stream().anyMatch(p -> Names.hasPrefix(p, n))) {
                return new Resolution(true, null, null);
            }
            if (gale.isPackage(n)) {
                return new Resolution(false, gale.packageModule(n), null);
            }
            return new Resolution(false, null, n);
        }
        String pkg = String.join(".", Arrays.copyOfRange(segments, 0, cls));
        String top = pkg + "." + segments[cls];
        if (ownClasses.contains(top) || ownPackages.contains(pkg) && !gale.isPackage(pkg)) {
            return new Resolution(true, null, null);
        }
        Optional<String> module = gale.moduleOf(top);
        if (module.isEmpty()) {
            if (ownPackages.contains(pkg)) {
                return new Resolution(true, null, null);
            }
            return new Resolution(false, null, top);
        }
        String binary = top;
        for (int i = cls + 1; i < segments.length; i++) {
            String nested = binary + "$" + segments[i];
            if (gale.moduleOf(nested).isPresent()) {
                binary = nested;
                continue;
            }
            if (i == segments.length - 1 && gale.hasMember(binary, segments[i])) {
                break;
            }
            return new Resolution(false, null, binary.replace('$', '.') + "." + segments[i]);
        }
        return new Resolution(false, module.get(), null);
    }
}
