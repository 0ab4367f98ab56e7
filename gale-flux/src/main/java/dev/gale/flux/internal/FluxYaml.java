package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import java.io.StringReader;
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
 * line, column and the key the parser had reached. Safe loading only: no arbitrary classes from
 * tags. Each instance is confined to one parse.
 */
final class FluxYaml {
    private final String source;
    private final Values values = new Values(new LoaderOptions());

    FluxYaml(String source) {
        this.source = source;
    }

    String source() {
        return source;
    }

    /** The document's root node, or null if the text holds no document. */
    Node compose(String text) {
        try {
            return new Yaml(new LoaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            throw syntaxError(text, e);
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

    private FluxException syntaxError(String text, MarkedYAMLException e) {
        String path = KeyPath.before(text, e.getProblemMark());
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
        return new FluxException(message.toString(), e);
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
        Values(LoaderOptions options) {
            super(options);
        }

        Object value(Node node) {
            return constructObject(node);
        }

        void merge(MappingNode node) {
            flattenMapping(node);
        }
    }
}
