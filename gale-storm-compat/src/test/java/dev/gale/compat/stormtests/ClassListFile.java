package dev.gale.compat.stormtests;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A list of Storm test classes kept as a test resource: one simple or relocated class name a line, then
 * optionally {@code #} and why it is on the list; lines that start with {@code #} are comments. Immutable
 * once read.
 */
public final class ClassListFile {
    private final String resource;
    private final Map<String, String> reasons;

    private ClassListFile(String resource, Map<String, String> reasons) {
        this.resource = resource;
        this.reasons = reasons;
    }

    /** Reads the named class-path resource; fails when it is missing. */
    public static ClassListFile read(String resource) {
        try (InputStream in = ClassListFile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Missing test resource " + resource);
            }
            Map<String, String> reasons = new LinkedHashMap<>();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String raw : text.split("\n")) {
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int hash = line.indexOf('#');
                String name = (hash < 0 ? line : line.substring(0, hash)).strip();
                String why = hash < 0 ? "" : line.substring(hash + 1).strip();
                if (reasons.put(name, why) != null) {
                    throw new IllegalStateException(resource + " names " + name + " twice");
                }
            }
            return new ClassListFile(resource, reasons);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries as written, in file order, each with its reason. */
    public Map<String, String> entries() {
        return reasons;
    }

    /** The entry matching this relocated class name (by full or simple name), or null. */
    public String entryFor(String className) {
        if (reasons.containsKey(className)) {
            return className;
        }
        String simple = className.substring(className.lastIndexOf('.') + 1);
        return reasons.containsKey(simple) ? simple : null;
    }

    /** The resource this list was read from. */
    public String resource() {
        return resource;
    }
}
