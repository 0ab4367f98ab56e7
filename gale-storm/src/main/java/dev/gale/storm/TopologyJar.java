package dev.gale.storm;

import dev.gale.Config;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Builds a topology jar (what Storm uploads to its workers) from class-path entries of this JVM:
 * the directories and jars that hold the topology's classes, gale-core and gale-storm, merged into
 * one jar; service files of the same name are concatenated, signatures and manifests dropped, and
 * for any other name the first entry wins. For tests, demos and tools that start from a class path;
 * a Maven build makes the same jar with the shade plugin (see gale-storm's docs). Never put Storm
 * or its dependencies in: the workers have them. Not thread-safe.
 */
public final class TopologyJar {
    private final Set<Path> entries = new LinkedHashSet<>();

    private TopologyJar() {
    }

    /** An empty jar to fill. */
    public static TopologyJar builder() {
        return new TopologyJar();
    }

    /**
     * Adds the class-path entries Gale needs on Storm: gale-core, gale-storm, and gale-core's own
     * dependencies that Storm's workers do not have (JCTools, HdrHistogram) when they are on this
     * class path.
     */
    public TopologyJar withGale() {
        addEntryOf(Config.class);
        addEntryOf(StormRunner.class);
        for (String optional : List.of("org.jctools.queues.MessagePassingQueue", "org.HdrHistogram.Histogram")) {
            try {
                addEntryOf(Class.forName(optional, false, TopologyJar.class.getClassLoader()));
            } catch (ClassNotFoundException e) {
                // not on this class path: gale-core runs without it on Storm (its engine does not run there)
            }
        }
        return this;
    }

    /** Adds the class-path entry (directory or jar) each class was loaded from. */
    public TopologyJar addEntryOf(Class<?>... classes) {
        for (Class<?> c : classes) {
            entries.add(entryOf(c));
        }
        return this;
    }

    /** Adds a directory of classes and resources, or a jar. */
    public TopologyJar addEntry(Path dirOrJar) {
        if (!Files.exists(dirOrJar)) {
            throw new IllegalArgumentException("class-path entry " + dirOrJar + " does not exist");
        }
        entries.add(dirOrJar.toAbsolutePath().normalize());
        return this;
    }

    /** The entries added so far, in order. */
    public List<Path> entries() {
        return List.copyOf(entries);
    }

    /** The directory or jar a class was loaded from. */
    public static Path entryOf(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            throw new IllegalArgumentException(c.getName() + " has no class-path entry (a JDK class?)");
        }
        try {
            return Paths.get(cs.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(c.getName() + " comes from " + cs.getLocation() + ", not a file", e);
        }
    }

    /** Writes the jar (replacing the file) and returns its path. */
    public Path write(Path jar) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Map<String, ByteArrayOutputStream> services = new LinkedHashMap<>();
        try {
            for (Path e : entries) {
                if (Files.isDirectory(e)) {
                    try (Stream<Path> walk = Files.walk(e)) {
                        for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                            add(e.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f), files, services);
                        }
                    }
                } else {
                    try (JarFile j = new JarFile(e.toFile())) {
                        for (JarEntry je : Collections.list(j.entries())) {
                            if (!je.isDirectory()) {
                                try (InputStream in = j.getInputStream(je)) {
                                    add(je.getName(), in.readAllBytes(), files, services);
                                }
                            }
                        }
                    }
                }
            }
            services.forEach((name, bytes) -> files.put(name, bytes.toByteArray()));
            Files.createDirectories(jar.toAbsolutePath().getParent());
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            manifest.getMainAttributes().putValue("Created-By", "gale-storm TopologyJar");
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
                Set<String> dirs = new LinkedHashSet<>();
                for (Map.Entry<String, byte[]> f : files.entrySet()) {
                    for (String d : parents(f.getKey())) {
                        if (dirs.add(d)) {
                            j.putNextEntry(new JarEntry(d));
                            j.closeEntry();
                        }
                    }
                    j.putNextEntry(new JarEntry(f.getKey()));
                    j.write(f.getValue());
                    j.closeEntry();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the topology jar " + jar + ": " + e.getMessage(), e);
        }
        return jar;
    }

    private static void add(String name, byte[] content, Map<String, byte[]> files, Map<String, ByteArrayOutputStream> services)
            throws IOException {
        String upper = name.toUpperCase(Locale.ROOT);
        if (upper.equals("META-INF/MANIFEST.MF") || upper.startsWith("META-INF/") && (upper.endsWith(".SF")
                || upper.endsWith(".DSA") || upper.endsWith(".RSA") || upper.endsWith(".EC"))
                || name.equals("module-info.class") || name.startsWith("META-INF/versions/")) {
            return; // a merged jar is neither signed nor a module
        }
        if (name.startsWith("META-INF/services/")) {
            ByteArrayOutputStream b = services.computeIfAbsent(name, k -> new ByteArrayOutputStream());
            b.write(content);
            b.write('\n');
            return;
        }
        files.putIfAbsent(name, content);
    }

    private static List<String> parents(String name) {
        List<String> out = new ArrayList<>();
        for (int i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
            out.add(name.substring(0, i + 1));
        }
        return out;
    }
}
