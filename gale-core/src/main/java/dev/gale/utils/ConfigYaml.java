package dev.gale.utils;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads YAML configuration files for {@link Utils} and {@code ConfigurableTopology}, with SnakeYAML
 * (safe loading: plain values, lists and maps only; a repeated key is an error). SnakeYAML is an
 * optional dependency of gale-core, so that an application that reads no YAML file does not carry
 * it: when it is missing, reading a file fails with a message saying what to add. Errors name the
 * source, line and column. Stateless.
 */
final class ConfigYaml {
    private ConfigYaml() {
    }

    /**
     * The map a YAML document holds, or null for an empty document.
     *
     * @throws IllegalArgumentException for bad YAML or a top level that is not a map of string keys,
     *     naming {@code source} (and the line and column where the parser stopped)
     * @throws IllegalStateException if SnakeYAML is not on the classpath
     */
    static Map<String, Object> readMap(InputStream in, String source) throws IOException {
        Object doc;
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            doc = Snake.load(reader, source);
        } catch (NoClassDefFoundError e) {
            throw missing(source, e);
        }
        if (doc == null) {
            return null;
        }
        if (!(doc instanceof Map)) {
            throw new IllegalArgumentException(source + ": the top level must be a map of configuration keys"
                    + " ('key: value' lines), got " + describe(doc));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) doc).entrySet()) {
            if (!(e.getKey() instanceof String)) {
                throw new IllegalArgumentException(source + ": configuration keys must be strings, got the key "
                        + e.getKey() + " (" + describe(e.getKey()) + ")");
            }
            out.put((String) e.getKey(), e.getValue());
        }
        return out;
    }

    /** Whatever a YAML document holds (map, list, value), or null for an empty one; errors as {@link #readMap}. */
    static Object readAny(InputStream in, String source) throws IOException {
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return Snake.load(reader, source);
        } catch (NoClassDefFoundError e) {
            throw missing(source, e);
        }
    }

    /** A command-line value read as YAML (a superset of JSON): a number, boolean, list or map; else the text itself. */
    static Object parseValue(String text) {
        try {
            Object v = Snake.load(new StringReader(text), "value");
            return v == null ? text : v;
        } catch (NoClassDefFoundError | IllegalArgumentException e) {
            return text;
        }
    }

    private static IllegalStateException missing(String source, Throwable cause) {
        return new IllegalStateException("reading " + source + " needs SnakeYAML on the classpath"
                + " (org.yaml:snakeyaml 2.x; an optional dependency of gale-core, which gale-flux and the gale command"
                + " bring): add it to your application", cause);
    }

    private static String describe(Object o) {
        return o instanceof List ? "a list" : o.getClass().getSimpleName() + " " + o;
    }

    /** The only class that names SnakeYAML's: loaded on first use, so its absence shows only then. */
    private static final class Snake {
        static Object load(Reader reader, String source) {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            try {
                return new Yaml(new SafeConstructor(options))
                        .load(reader);
            } catch (MarkedYAMLException e) {
                Mark mark = e.getProblemMark();
                String where = mark == null ? source
                        : source + " line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
                String context = e.getContext() == null ? "" : oneLine(e.getContext()) + ", ";
                throw new IllegalArgumentException(where + ": bad YAML: " + context + oneLine(e.getProblem()), e);
            } catch (YAMLException e) {
                throw new IllegalArgumentException(source + ": bad YAML: " + oneLine(e.getMessage()), e);
            }
        }

        private static String oneLine(String s) {
            return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " ");
        }
    }
}
