package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads YAML text into SnakeYAML's node tree, which keeps every node's line and column, and turns
 * plain values into Java ones. A syntax error becomes a {@link FluxException} naming the file,
 * line, column and the key the parser had reached; it quotes the file as written, so never a
 * substituted value. Safe loading only: no arbitrary classes from tags. Each instance is confined
 * to one parse.
 */
final class FluxYaml {
    private final String source;
    private final Values values;

    /**
     * @param substituted where to record each value made from a {@link Substituted} node (by
     *     identity) with the text written for it, so later messages can show that text instead
     */
    FluxYaml(String source, Map<Object, String> substituted) {
        this.source = source;
        this.values = new Values(new LoaderOptions(), substituted);
    }

    String source() {
        return source;
    }

    /**
     * The document's root node, or null if the text holds no document. Placeholders are still in
     * it, {@link Placeholders#mask masked}: {@link Placeholders#apply} substitutes them.
     */
    Node compose(String text) {
        String masked = Placeholders.mask(text);
        try {
            return new Yaml(new LoaderOptions()).compose(new StringReader(masked));
        } catch (MarkedYAMLException e) {
            throw syntaxError(text, masked, e);
        } catch (YAMLException e) {
            throw new FluxException(source + ": bad YAML: " + e.getMessage(), e);
        }
    }

    /** The plain Java value of {@code node}: String, Integer/Long/BigInteger, Double, Boolean, null, List, Map. */
    Object value(Node node) {
        try {
            return values.value(node);
        } catch (MarkedYAMLException e) {
            throw new FluxException(Where.of(source, e.getProblemMark() != null ? e.getProblemMark() : node.getStartMark())
                    + ": bad YAML value: " + oneLine(e.getProblem()), e);
        } catch (YAMLException e) {
            throw new FluxException(Where.of(source, node) + ": bad YAML value: " + oneLine(e.getMessage()), e);
        }
    }

    /** Applies YAML merge keys ({@code <<: *defaults}) to {@code node}, so its entries are the merged ones. */
    void merge(MappingNode node) {
        try {
            values.merge(node);
        } catch (MarkedYAMLException e) {
            throw new FluxException(Where.of(source, e.getProblemMark() != null ? e.getProblemMark() : node.getStartMark())
                    + ": bad YAML merge: " + oneLine(e.getProblem()), e);
        }
    }

    /** The node tree as YAML text, for a dump of the file as interpreted. */
    static String dump(Node root) {
        if (root == null) {
            return "";
        }
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        StringWriter out = new StringWriter();
        new Yaml(options).serialize(root, out);
        return out.toString();
    }

    private FluxException syntaxError(String text, String masked, MarkedYAMLException e) {
        String path = Placeholders.unmask(KeyPath.before(masked, e.getProblemMark()));
        StringBuilder message = new StringBuilder(Where.of(source, e.getProblemMark())).append(": bad YAML");
        if (!path.isEmpty()) {
            message.append(" at key '").append(path).append('\'');
        }
        message.append(": ");
        if (e.getContext() != null) {
            message.append(oneLine(e.getContext()));
            if (e.getContextMark() != null && e.getProblemMark() != null
                    && e.getContextMark().getLine() != e.getProblemMark().getLine()) {
                message.append(" (line ").append(e.getContextMark().getLine() + 1).append(')');
            }
            message.append(", ");
        }
        message.append(oneLine(e.getProblem()));
        String line = lineAt(text, e.getProblemMark());
        if (!line.isBlank()) {
            message.append("; the line reads '").append(line.strip()).append('\'');
        }
        return new FluxException(Placeholders.unmask(message.toString()), e);
    }

    private static String lineAt(String text, Mark mark) {
        if (mark == null) {
            return "";
        }
        String[] lines = text.split("\\R", -1);
        return mark.getLine() < lines.length ? lines[mark.getLine()] : "";
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** SafeConstructor with its node-to-value step opened to this class. */
    private static final class Values extends SafeConstructor {
        private final Map<Object, String> substituted;

        Values(LoaderOptions options, Map<Object, String> substituted) {
            super(options);
            this.substituted = substituted;
        }

        @Override
        protected Object constructObjectNoCheck(Node node) {
            Object value = super.constructObjectNoCheck(node);
            if (node instanceof Substituted s && ownInstance(value)) {
                substituted.put(value, s.written());
            }
            return value;
        }

        /** Whether no other value can be this very object (small boxed numbers and booleans are shared). */
        private static boolean ownInstance(Object value) {
            if (value == null || value instanceof Boolean) {
                return false;
            }
            if (value instanceof Integer i) {
                return i != Integer.valueOf(i.intValue());
            }
            if (value instanceof Long l) {
                return l != Long.valueOf(l.longValue());
            }
            return true;
        }

        Object value(Node node) {
            return constructObject(node);
        }

        void merge(MappingNode node) {
            flattenMapping(node);
        }
    }
}
