package dev.gale.compat.stormtests;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * One of Storm's relocated test jars on the test class path, found through a class known to live in it,
 * and the test classes it holds. A class counts as a test class when its own bytecode names one of
 * JUnit Jupiter's test annotations; reading the bytes, not loading the class, keeps classes that do not
 * link against Gale in the list. Immutable.
 */
public final class StormTestJar {
    /** Constant-pool descriptors of the annotations that make a method a Jupiter test. */
    private static final List<String> TEST_ANNOTATIONS = List.of(
            "Lorg/junit/jupiter/api/Test;",
            "Lorg/junit/jupiter/api/RepeatedTest;",
            "Lorg/junit/jupiter/api/TestFactory;",
            "Lorg/junit/jupiter/api/TestTemplate;",
            "Lorg/junit/jupiter/params/ParameterizedTest;");

    private final String name;
    private final Path jar;

    private StormTestJar(String name, Path jar) {
        this.name = name;
        this.jar = jar;
    }

    /**
     * The jar holding {@code anchorClass} (a relocated Storm test class, by name).
     *
     * @param name        what the report calls the jar, e.g. storm-client
     * @param anchorClass a class of that jar, e.g. dev.gale.bolt.TestJoinBolt
     */
    public static StormTestJar holding(String name, String anchorClass) {
        String resource = anchorClass.replace('.', '/') + ".class";
        try {
            Class<?> anchor = Class.forName(anchorClass, false, StormTestJar.class.getClassLoader());
            CodeSource source = anchor.getProtectionDomain().getCodeSource();
            Path jar = Path.of(source.getLocation().toURI());
            return new StormTestJar(name, jar);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("The relocated " + name + " test jar is not on the class path: "
                    + resource + " cannot be loaded (" + e + ")", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the report calls this jar. */
    public String name() {
        return name;
    }

    /** The names of the top-level classes in the jar that carry Jupiter tests, sorted. */
    public List<String> testClassNames() {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                String entryName = entry.getName();
                if (!entryName.endsWith(".class") || entryName.contains("$") || entryName.endsWith("module-info.class")) {
                    continue;
                }
                if (declaresTests(file, entry)) {
                    names.add(entryName.substring(0, entryName.length() - ".class".length()).replace('/', '.'));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        names.sort(null);
        return names;
    }

    private static boolean declaresTests(JarFile file, JarEntry entry) throws IOException {
        try (InputStream in = file.getInputStream(entry)) {
            // ISO-8859-1 maps each byte to one char, so ASCII descriptors are found wherever they sit.
            String bytes = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return TEST_ANNOTATIONS.stream().anyMatch(bytes::contains);
        }
    }
}
