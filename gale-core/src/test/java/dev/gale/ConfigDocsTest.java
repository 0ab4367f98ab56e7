package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/storm-config.md and the Javadocs of {@link Config} say the same of every key: each key
 * constant has a row, each row names a constant with its key, and both classify the key alike
 * (the convention is written at the top of the doc). Javadocs are read from Config.java's source.
 */
class ConfigDocsTest {
    private static final Path SOURCE = Path.of("src", "main", "java", "dev", "gale", "Config.java");
    private static final Path DOC = Path.of("..", "docs", "storm-config.md");
    private static final Pattern CONSTANT = Pattern.compile(
            "(/\\*\\*(?:(?!\\*/).)*\\*/)?\\s*(?:@\\w+\\s*)*public static final String (\\w+)\\s*=\\s*\"([^\"]*)\"\\s*;",
            Pattern.DOTALL);
    private static final Pattern ROW = Pattern.compile("^\\| `(\\w+)`(?: \\(deprecated\\))? \\| `([^`]+)` \\|.*\\| (.*) \\|$",
            Pattern.MULTILINE);
    private static final Pattern JAVADOC_CLASS = Pattern.compile("(?:^|[.:;] )(Honoured|Ignored)\\b");

    /** A key's classification: what Gale does with it. */
    enum Kind {
        HONOURED("Honoured"), IGNORED("Ignored"), GALE_ONLY("Gale only");

        final String word;

        Kind(String word) {
            this.word = word;
        }
    }

    /** A constant as Config.java declares it. */
    record Declared(String key, String javadoc) {
    }

    /** A row of the doc's table. */
    record Row(String key, String inGale) {
    }

    @Test
    void everyKeyIsDocumentedAndTheDocAndTheJavadocClassifyItAlike() throws IOException, IllegalAccessException {
        Map<String, Declared> declared = declared(Files.readString(SOURCE));
        Map<String, Row> rows = new LinkedHashMap<>();
        List<String> disagreements = new ArrayList<>();
        Matcher row = ROW.matcher(Files.readString(DOC));
        while (row.find()) {
            if (rows.put(row.group(1), new Row(row.group(2), row.group(3).strip())) != null) {
                disagreements.add(row.group(1) + ": more than one row in docs/storm-config.md");
            }
        }
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                check(f.getName(), (String) f.get(null), declared.get(f.getName()), rows.get(f.getName()), disagreements);
            }
        }
        for (String name : rows.keySet()) {
            if (!declared.containsKey(name)) {
                disagreements.add(name + ": a row in docs/storm-config.md, but no such constant in Config");
            }
        }
        assertThat(declared).as("constants read from Config.java").hasSizeGreaterThanOrEqualTo(305);
        assertThat(disagreements).as("docs/storm-config.md against Config's Javadocs").isEmpty();
    }

    private static void check(String name, String key, Declared declared, Row row, List<String> disagreements) {
        if (declared == null) {
            disagreements.add(name + ": not found in Config.java's source");
            return;
        }
        if (row == null) {
            disagreements.add(name + " (" + key + "): no row in docs/storm-config.md");
            return;
        }
        if (!row.key().equals(key)) {
            disagreements.add(name + ": the doc gives key '" + row.key() + "', Config '" + key + "'");
        }
        Kind javadoc = javadocKind(declared.javadoc());
        Kind doc = docKind(row.inGale());
        if (javadoc == null) {
            disagreements.add(name + ": the Javadoc starts with no 'Gale' and has no sentence starting 'Honoured' or"
                    + " 'Ignored': " + abbreviated(declared.javadoc()));
        }
        if (doc == null) {
            disagreements.add(name + ": the doc's 'In Gale' starts with none of Honoured, Ignored, Gale only: "
                    + abbreviated(row.inGale()));
        }
        if (javadoc != null && doc != null && javadoc != doc) {
            disagreements.add(name + ": the Javadoc says " + javadoc.word + ", the doc " + doc.word);
        }
        if (key.startsWith("gale.") != (javadoc == Kind.GALE_ONLY)) {
            disagreements.add(name + ": a key is Gale only exactly when it starts with 'gale.'");
        }
    }

    /** Each {@code public static final String} of Config.java with its Javadoc's text (empty if none). */
    private static Map<String, Declared> declared(String source) {
        Map<String, Declared> out = new LinkedHashMap<>();
        Matcher m = CONSTANT.matcher(source);
        while (m.find()) {
            String javadoc = m.group(1) == null ? "" : m.group(1)
                    .replaceAll("^/\\*\\*|\\*/$", "").replaceAll("(?m)^\\s*\\*", " ").replaceAll("\\s+", " ").strip();
            out.put(m.group(2), new Declared(m.group(3), javadoc));
        }
        return out;
    }

    static Kind javadocKind(String javadoc) {
        if (javadoc.matches("Gale[:,].*")) {
            return Kind.GALE_ONLY;
        }
        Matcher m = JAVADOC_CLASS.matcher(javadoc);
        return m.find() ? (m.group(1).equals("Honoured") ? Kind.HONOURED : Kind.IGNORED) : null;
    }

    static Kind docKind(String inGale) {
        for (Kind k : Kind.values()) {
            if (inGale.startsWith(k.word)) {
                return k;
            }
        }
        return null;
    }

    private static String abbreviated(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
