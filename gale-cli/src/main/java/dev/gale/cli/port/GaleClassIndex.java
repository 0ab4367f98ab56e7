package dev.gale.cli.port;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code dev.gale} classes a ported project can use, by the Gale module that holds each: read
 * from the Gale jars (or {@code target/classes} directories) of a classpath, the launcher's own.
 * The command's, examples' and benchmarks' classes are not API, so they are kept apart: a user's
 * class of the same name is reported, as {@code gale run} would load Gale's. Immutable once built.
 */
public final class GaleClassIndex {
    private static final Pattern JAR = Pattern.compile("^(gale-[a-z0-9-]+?)-\\d.*\\.jar$");
    private static final Set<String> NOT_API = Set.of("gale-cli", "gale-examples", "gale-benchmarks",
            "gale-benchmarks-flink", "gale-benchmarks-storm");

    private final Map<String, String> apiModuleByClass;
    private final Map<String, String> otherModuleByClass;
    private final Map<String, String> moduleByPackage;
    private final ClassLoader loader;

    GaleClassIndex(Map<String, String> apiModuleByClass, Map<String, String> otherModuleByClass, ClassLoader loader) {
        this.apiModuleByClass = Map.copyOf(apiModuleByClass);
        this.otherModuleByClass = Map.copyOf(otherModuleByClass);
        this.loader = loader;
        Map<String, String> p = new HashMap<>();
        apiModuleByClass.forEach((c, module) -> {
            for (int i = c.indexOf('.'); i >= 0; i = c.indexOf('.', i + 1)) {
                p.putIfAbsent(c.substring(0, i), module);
            }
        });
        this.moduleByPackage = Map.copyOf(p);
    }

    /** The Gale classes of this JVM's classpath (the launcher's). */
    public static GaleClassIndex ofThisJvm() {
        return of(System.getProperty("java.class.path"), GaleClassIndex.class.getClassLoader());
    }

    /** The Gale classes of {@code classpath}; {@code loader} loads them to check members. */
    static GaleClassIndex of(String classpath, ClassLoader loader) {
        Map<String, String> api = new HashMap<>();
        Map<String, String> other = new HashMap<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            Path p = Path.of(entry);
            Optional<String> module = moduleOf(p);
            if (module.isEmpty()) {
                continue;
            }
            Map<String, String> into = NOT_API.contains(module.get()) ? other : api;
            for (String c : classesIn(p)) {
                into.putIfAbsent(c, module.get());
            }
        }
        return new GaleClassIndex(api, other, loader);
    }

    /** The Gale module a classpath entry is: {@code gale-x-1.0.jar} or {@code .../gale-x/target/classes}. */
    static Optional<String> moduleOf(Path entry) {
        Path name = entry.getFileName();
        if (name == null) {
            return Optional.empty();
        }
        Matcher m = JAR.matcher(name.toString());
        if (m.matches()) {
            return Optional.of(m.group(1));
        }
        Path target = entry.getParent();
        Path module = target == null ? null : target.getParent();
        if (name.toString().equals("classes") && target.getFileName().toString().equals("target") && module != null
                && module.getFileName().toString().startsWith("gale-")) {
            return Optional.of(module.getFileName().toString());
        }
        return Optional.empty();
    }

    private static Set<String> classesIn(Path entry) {
        Set<String> out = new HashSet<>();
        if (Files.isDirectory(entry)) {
            Path root = entry.resolve("dev/gale");
            if (!Files.isDirectory(root)) {
                return out;
            }
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".class"))
                        .forEach(f -> out.add(className(entry.relativize(f).toString().replace(File.separatorChar, '/'))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else if (Files.isRegularFile(entry)) {
            try (JarFile jar = new JarFile(entry.toFile())) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                    String n = e.nextElement().getName();
                    if (n.startsWith("dev/gale/") && n.endsWith(".class")) {
                        out.add(className(n));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + entry + ": " + e.getMessage(), e);
            }
        }
        out.remove(null);
        return out;
    }

    /** {@code dev/gale/A$B.class} to {@code dev.gale.A$B}; {@code null} for module-info and package-info. */
    private static String className(String path) {
        String n = path.substring(0, path.length() - ".class".length()).replace('/', '.');
        return n.endsWith("-info") ? null : n;
    }

    /** The API module holding a class (binary name, nested with {@code $}). */
    Optional<String> moduleOf(String binaryName) {
        return Optional.ofNullable(apiModuleByClass.get(binaryName));
    }

    /** The non-API module (examples, command) shipping a class of this name. */
    Optional<String> shippedOutsideApi(String binaryName) {
        return Optional.ofNullable(otherModuleByClass.get(binaryName));
    }

    boolean isPackage(String name) {
        return moduleByPackage.containsKey(name);
    }

    /** A module holding classes of the package (or its subpackages). */
    String packageModule(String name) {
        return moduleByPackage.get(name);
    }

    /** Whether the API class has a public member (field, method or nested class) of this name. */
    boolean hasMember(String binaryName, String member) {
        try {
            Class<?> c = Class.forName(binaryName, false, loader);
            for (var f : c.getFields()) {
                if (f.getName().equals(member)) {
                    return true;
                }
            }
            for (var m : c.getMethods()) {
                if (m.getName().equals(member)) {
                    return true;
                }
            }
            for (var n : c.getClasses()) {
                if (n.getSimpleName().equals(member)) {
                    return true;
                }
            }
            return false;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    public int size() {
        return apiModuleByClass.size();
    }
}
