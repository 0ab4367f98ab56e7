package dev.gale.flux.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flux's substitution, done on the YAML text before it is parsed (so it works in any value, and
 * line numbers do not move): {@code ${name}} becomes the property {@code name} of the
 * {@code --filter} file, {@code ${name[i]}} the i-th item of a property written as a list
 * ({@code ["a", "b"]}), and {@code ${ENV-NAME}} the environment variable {@code NAME} when the
 * environment filter is on. A placeholder with no value is left as it is, with a warning naming
 * the file and line, as in Storm. Comment lines are left alone. Immutable.
 */
final class Placeholders {
    private static final Logger LOG = LoggerFactory.getLogger(Placeholders.class);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");
    private static final Pattern LIST_ITEM = Pattern.compile("(.+)\\[(\\d+)]");
    private static final Pattern COMMENT_LINE = Pattern.compile("\\s*#.*");

    private final Properties properties;
    private final UnaryOperator<String> environment;

    /**
     * @param properties the filter's properties, or null
     * @param environment the environment variables, or null when environment substitution is off
     */
    Placeholders(Properties properties, UnaryOperator<String> environment) {
        this.properties = properties;
        this.environment = environment;
    }

    /** The text with every resolvable placeholder replaced; unresolved ones are listed in {@code unresolved}. */
    String apply(String text, String source, List<String> unresolved) {
        String[] lines = text.split("\\R", -1);
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
            }
            String line = lines[i];
            if (line.indexOf("${") < 0 || COMMENT_LINE.matcher(line).matches()) {
                out.append(line);
                continue;
            }
            Matcher m = PLACEHOLDER.matcher(line);
            StringBuilder replaced = new StringBuilder();
            while (m.find()) {
                String value = resolve(m.group(1));
                if (value == null) {
                    unresolved.add(m.group(1));
                    LOG.warn("{}:{}: no value for ${{{}}}{}; left as it is", source, i + 1, m.group(1), hint(m.group(1)));
                    value = m.group();
                }
                m.appendReplacement(replaced, Matcher.quoteReplacement(value));
            }
            m.appendTail(replaced);
            out.append(replaced);
        }
        return out.toString();
    }

    /** The replacement for a placeholder's name, or null. */
    String resolve(String name) {
        if (name.startsWith("ENV-")) {
            return environment == null ? null : environment.apply(name.substring(4));
        }
        if (properties == null) {
            return null;
        }
        String value = properties.getProperty(name);
        if (value != null) {
            return value;
        }
        Matcher item = LIST_ITEM.matcher(name);
        if (item.matches()) {
            String list = properties.getProperty(item.group(1));
            if (list != null) {
                List<String> items = listItems(list);
                int index = Integer.parseInt(item.group(2));
                return index < items.size() ? items.get(index) : null;
            }
        }
        return null;
    }

    private String hint(String name) {
        if (name.startsWith("ENV-") && environment == null) {
            return " (environment variables are substituted with --env-filter)";
        }
        if (!name.startsWith("ENV-") && properties == null) {
            return " (properties are substituted from a --filter file)";
        }
        return "";
    }

    /** The items of a property written as a list, {@code ["a", "b"]}, unquoted. */
    static List<String> listItems(String list) {
        String s = list.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        List<String> out = new ArrayList<>();
        if (s.isBlank()) {
            return out;
        }
        for (String item : s.split(",")) {
            String t = item.strip();
            if (t.length() >= 2 && (t.startsWith("\"") && t.endsWith("\"") || t.startsWith("'") && t.endsWith("'"))) {
                t = t.substring(1, t.length() - 1);
            }
            out.add(t);
        }
        return out;
    }
}
