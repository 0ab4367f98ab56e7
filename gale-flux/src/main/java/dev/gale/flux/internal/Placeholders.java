package dev.gale.flux.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Flux's substitution: {@code ${name}} becomes the property {@code name} of the {@code --filter}
 * file, {@code ${name[i]}} the i-th item of a property written as a list ({@code ["a", "b"]}), and
 * {@code ${ENV-NAME}} the environment variable {@code NAME} when the environment filter is on.
 *
 * <p>Values go into the parsed scalars (keys and values), never through the YAML parser, so a
 * value holding {@code #}, {@code ": "} or a line break arrives as it is. A scalar written plain
 * and made of one placeholder only takes the type its value would have written there (a number,
 * true/false, null, a date, or a list when written {@code [a, b]}); anything else is text. Before
 * parsing, {@link #mask} rewrites each placeholder into a token of the same length that YAML reads
 * as part of a plain scalar anywhere, also inside {@code [...]} and {@code {...}}, so files that
 * write {@code [${a}, ${b}]} still parse and line and column numbers do not move. A placeholder
 * with no value is left as it is, with a warning naming the file and line, as in Storm. Immutable.
 */
final class Placeholders {
    private static final Logger LOG = LoggerFactory.getLogger(Placeholders.class);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}\\n]+)}");
    private static final Pattern LIST_ITEM = Pattern.compile("(.+)\\[(\\d+)]");
    /** Private-use characters: printable to YAML, part of a plain scalar, and absent from real Flux files. */
    private static final char OPEN = '\uE000';
    private static final char CLOSE = '\uE001';
    private static final char ESCAPED = '\uE100';
    private static final Pattern TOKEN = Pattern.compile("\\$" + OPEN + "([^" + CLOSE + "]*)" + CLOSE);
    private static final Set<Tag> TYPED = Set.of(Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.TIMESTAMP);
    private static final Resolver RESOLVER = new Resolver();

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

    /**
     * The text with each placeholder written as a token of the same length, which {@link #apply}
     * recognizes; the text unchanged if it holds private-use characters of its own.
     */
    static String mask(String text) {
        if (text.indexOf("${") < 0 || text.chars().anyMatch(c -> c >= OPEN && c < ESCAPED + 128)) {
            return text;
        }
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            StringBuilder token = new StringBuilder("$").append(OPEN);
            for (char c : m.group(1).toCharArray()) {
                token.append(Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-' || c >= 128
                        ? c : (char) (ESCAPED + c));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(token.append(CLOSE).toString()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * Substitutes into every scalar under {@code root}, keys too; the nodes that change are
     * replaced by {@link Substituted} ones, which know the text written in the file.
     *
     * @return the root, or its replacement if the root itself is a scalar that changed
     */
    Node apply(Node root, String source) {
        return root == null ? null : walk(root, source, new IdentityHashMap<>());
    }

    /** Walks the tree once per node; {@code done} maps each node seen to its replacement (aliases share nodes). */
    private Node walk(Node node, String source, Map<Node, Node> done) {
        Node seen = done.get(node);
        if (seen != null) {
            return seen;
        }
        done.put(node, node);
        Node out = node;
        if (node instanceof ScalarNode scalar) {
            out = scalar(scalar, source);
        } else if (node instanceof SequenceNode sequence) {
            List<Node> items = sequence.getValue();
            items.replaceAll(item -> walk(item, source, done));
        } else if (node instanceof MappingNode mapping) {
            List<NodeTuple> tuples = new ArrayList<>(mapping.getValue().size());
            for (NodeTuple t : mapping.getValue()) {
                tuples.add(new NodeTuple(walk(t.getKeyNode(), source, done), walk(t.getValueNode(), source, done)));
            }
            mapping.setValue(tuples);
        }
        done.put(node, out);
        return out;
    }

    private Node scalar(ScalarNode node, String source) {
        String text = node.getValue();
        if (text.indexOf('$') < 0) {
            return node;
        }
        Matcher m = TOKEN.matcher(text);
        StringBuilder value = new StringBuilder();
        boolean substituted = false;
        int placeholders = 0;
        String only = null;
        while (m.find()) {
            String name = name(m.group(1));
            String placeholder = "${" + name + "}";
            String replacement = resolve(name);
            placeholders++;
            if (replacement == null) {
                LOG.warn("{}:{}: no value for {}{}; left as it is", source, node.getStartMark().getLine() + 1,
                        placeholder, hint(name));
                replacement = placeholder;
            } else {
                substituted = true;
                only = replacement;
            }
            m.appendReplacement(value, Matcher.quoteReplacement(replacement));
        }
        if (placeholders == 0) {
            return node;
        }
        m.appendTail(value);
        String written = unmask(text);
        if (!substituted) {
            return copy(node, value.toString());
        }
        if (placeholders == 1 && TOKEN.matcher(text).matches() && node.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN
                && node.getTag().equals(Tag.STR)) {
            return typed(node, only, written);
        }
        // Text, or the type an explicit tag (!!int ${n}) asks for.
        return new Substituted.Scalar(node.getTag(), value.toString(), node, written);
    }

    /** A plain scalar that was one placeholder: typed as its value would be if written there. */
    private static Node typed(ScalarNode node, String resolved, String written) {
        // Its own instance: messages find substituted values by identity (see FluxYaml).
        String value = String.valueOf(resolved.toCharArray());
        String s = value.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            List<Node> items = new ArrayList<>();
            for (Item item : listItems(s)) {
                items.add(new Substituted.Scalar(item.quoted() ? Tag.STR : typeOf(item.text()), item.text(), node, written));
            }
            return new Substituted.Sequence(items, node, written);
        }
        return new Substituted.Scalar(typeOf(value), value, node, written);
    }

    private static Tag typeOf(String value) {
        Tag tag = RESOLVER.resolve(NodeId.scalar, value, true);
        return TYPED.contains(tag) ? tag : Tag.STR;
    }

    private static ScalarNode copy(ScalarNode node, String value) {
        return new ScalarNode(node.getTag(), value, node.getStartMark(), node.getEndMark(), node.getScalarStyle());
    }

    /** {@code text} with each masked placeholder written back as {@code ${name}}. */
    static String unmask(String text) {
        if (text.indexOf(OPEN) < 0) {
            return text;
        }
        Matcher m = TOKEN.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement("${" + name(m.group(1)) + "}"));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String name(String token) {
        StringBuilder name = new StringBuilder(token.length());
        for (char c : token.toCharArray()) {
            name.append(c >= ESCAPED && c < ESCAPED + 128 ? (char) (c - ESCAPED) : c);
        }
        return name.toString();
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
                List<Item> items = listItems(list);
                int index = Integer.parseInt(item.group(2));
                return index < items.size() ? items.get(index).text() : null;
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

    /** An item of a property written as a list; a quoted one is text, whatever it reads. */
    record Item(String text, boolean quoted) {
    }

    /** The items of a property written as a list, {@code ["a", "b"]}: split at commas outside quotes, unquoted. */
    static List<Item> listItems(String list) {
        String s = list.strip();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        List<Item> out = new ArrayList<>();
        if (s.isBlank()) {
            return out;
        }
        StringBuilder item = new StringBuilder();
        char quote = 0;
        for (char c : s.toCharArray()) {
            if (quote == 0 && c == ',') {
                out.add(item(item.toString()));
                item.setLength(0);
                continue;
            }
            if (quote == 0 && (c == '"' || c == '\'')) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            }
            item.append(c);
        }
        out.add(item(item.toString()));
        return out;
    }

    private static Item item(String written) {
        String t = written.strip();
        if (t.length() >= 2 && (t.startsWith("\"") && t.endsWith("\"") || t.startsWith("'") && t.endsWith("'"))) {
            return new Item(t.substring(1, t.length() - 1), true);
        }
        return new Item(t, false);
    }
}
