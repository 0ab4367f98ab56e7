package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The keys of one YAML mapping of the Flux schema (a bolt, a stream, ...), checked against the
 * keys that kind of entry takes, with typed getters whose errors name the file, line, key and
 * entry. Confined to one parse.
 */
final class Entries {
    private final FluxYaml yaml;
    private final MappingNode node;
    /** What the mapping is, for messages: "bolt 'count'", "the topology", "a stream". */
    private final String what;
    private final String path;
    private final Map<String, NodeTuple> entries = new LinkedHashMap<>();

    private Entries(FluxYaml yaml, MappingNode node, String what, String path) {
        this.yaml = yaml;
        this.node = node;
        this.what = what;
        this.path = path;
    }

    /**
     * The mapping at {@code node}, whose keys must be among {@code known}.
     *
     * @param kind what such an entry is called ("a bolt"), for the error when it is no mapping
     */
    static Entries of(FluxYaml yaml, Node node, String kind, String path, Set<String> known) {
        if (!(node instanceof MappingNode mapping)) {
            throw new FluxException(Where.of(yaml.source(), node) + ": " + (path.isEmpty() ? "the file" : "'" + path + "'")
                    + " must be " + kind + " (a mapping of keys to values), not " + describe(node));
        }
        Map<String, NodeTuple> written = new LinkedHashMap<>();
        for (NodeTuple t : mapping.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode keyNode)) {
                throw new FluxException(Where.of(yaml.source(), t.getKeyNode()) + ": "
                        + (path.isEmpty() ? "the file" : "'" + path + "'") + " has a key that is not a plain name");
            }
            NodeTuple previous = keyNode.getValue().equals("<<") ? null : written.putIfAbsent(keyNode.getValue(), t);
            if (previous != null) {
                throw new FluxException(Where.of(yaml.source(), keyNode) + ": key '"
                        + (path.isEmpty() ? keyNode.getValue() : path + "." + keyNode.getValue()) + "' is given twice in "
                        + (path.isEmpty() ? "the topology" : named(kind, mapping)) + " (first at line "
                        + (previous.getKeyNode().getStartMark().getLine() + 1) + ")");
            }
        }
        if (mapping.isMerged() || written.size() < mapping.getValue().size()) {
            // YAML merge keys (<<: *defaults): the keys written here win over the merged ones.
            yaml.merge(mapping);
        }
        Entries e = new Entries(yaml, mapping, path.isEmpty() ? "the topology" : named(kind, mapping), path);
        for (NodeTuple t : mapping.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode keyNode)) {
                throw new FluxException(Where.of(yaml.source(), t.getKeyNode()) + ": " + e.what
                        + " has a key that is not a plain name");
            }
            String key = keyNode.getValue();
            e.entries.put(key, t);
            if (!known.contains(key)) {
                throw new FluxException(Where.of(yaml.source(), t.getKeyNode()) + ": unknown key '" + e.pathOf(key) + "' in "
                        + e.what + Closest.to(key, known).map(c -> " (did you mean '" + c + "'?)").orElse("")
                        + "; " + kind + " takes: " + String.join(", ", known));
            }
        }
        return e;
    }

    /** "bolt 'count'" for a bolt with an id, else the kind ("a bolt"). */
    private static String named(String kind, MappingNode mapping) {
        for (NodeTuple t : mapping.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("id") && t.getValueNode() instanceof ScalarNode v
                    && !isNull(v)) {
                return kind.substring(kind.indexOf(' ') + 1) + " '" + v.getValue() + "'";
            }
        }
        return kind;
    }

    /** Names the entry in messages once its id is known: "bolt 'count'" instead of "a bolt". */
    Entries named(String what) {
        Entries e = new Entries(yaml, node, what, path);
        e.entries.putAll(entries);
        return e;
    }

    String what() {
        return what;
    }

    Node node() {
        return node;
    }

    /** {@code file:line} where the mapping starts. */
    String location() {
        return Where.line(yaml.source(), node);
    }

    String pathOf(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    boolean has(String key) {
        return entries.containsKey(key);
    }

    /** The value node of {@code key}, or null. */
    Node get(String key) {
        NodeTuple t = entries.get(key);
        return t == null ? null : t.getValueNode();
    }

    private String in() {
        return path.isEmpty() ? "the file" : "'" + path + "'";
    }

    /** The text of a scalar value, or null if the key is absent or its value null. */
    String string(String key) {
        Node v = get(key);
        if (v == null || isNull(v)) {
            return null;
        }
        Object value = yaml.value(v);
        if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        throw wrongType(key, v, "a single value");
    }

    String requiredString(String key) {
        String s = string(key);
        if (s == null || s.isBlank()) {
            throw missing(key);
        }
        return s;
    }

    /** A whole number that fits an int, or {@code absent}. */
    int integer(String key, int absent) {
        Node v = get(key);
        if (v == null || isNull(v)) {
            return absent;
        }
        Object value = yaml.value(v);
        if (value instanceof Integer i) {
            return i;
        }
        throw wrongType(key, v, "a whole number");
    }

    boolean bool(String key, boolean absent) {
        Node v = get(key);
        if (v == null || isNull(v)) {
            return absent;
        }
        Object value = yaml.value(v);
        if (value instanceof Boolean b) {
            return b;
        }
        throw wrongType(key, v, "true or false");
    }

    /** The items of a sequence value; empty if absent or null. */
    List<Node> sequence(String key) {
        Node v = get(key);
        if (v == null || isNull(v)) {
            return List.of();
        }
        if (v instanceof SequenceNode s) {
            return s.getValue();
        }
        throw wrongType(key, v, "a list");
    }

    /** A list of plain strings (fields, ids); null if absent. */
    List<String> strings(String key) {
        if (!has(key) || isNull(get(key))) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : sequence(key)) {
            Object value = yaml.value(item);
            if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                throw new FluxException(Where.of(yaml.source(), item) + ": '" + pathOf(key) + "' of " + what
                        + " must be a list of names, and " + describe(item) + " is none");
            }
            out.add(String.valueOf(value));
        }
        return out;
    }

    /** A mapping value as a plain Java map; empty if absent. */
    @SuppressWarnings("unchecked")
    Map<String, Object> map(String key) {
        Node v = get(key);
        if (v == null || isNull(v)) {
            return new LinkedHashMap<>();
        }
        if (v instanceof MappingNode) {
            Object value = yaml.value(v);
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<Object, Object> e : ((Map<Object, Object>) value).entrySet()) {
                out.put(String.valueOf(e.getKey()), e.getValue());
            }
            return out;
        }
        throw wrongType(key, v, "a mapping of keys to values");
    }

    FluxException missing(String key) {
        return new FluxException(Where.of(yaml.source(), node) + ": " + what + " has no '" + pathOf(key) + "'");
    }

    FluxException wrongType(String key, Node value, String expected) {
        return new FluxException(Where.of(yaml.source(), value) + ": '" + pathOf(key) + "' of " + what + " must be "
                + expected + ", not " + describe(value));
    }

    static boolean isNull(Node node) {
        return node instanceof ScalarNode s && "tag:yaml.org,2002:null".equals(s.getTag().getValue());
    }

    /** The value as a message shows it: as written in the file when substitution made it. */
    static String describe(Node node) {
        if (node instanceof Substituted s) {
            return node instanceof ScalarNode && isNull(node) ? "nothing (null, from " + s.written() + ")"
                    : "'" + s.written() + "'";
        }
        if (node instanceof ScalarNode s) {
            return isNull(node) ? "nothing (null)" : "'" + s.getValue() + "'";
        }
        return node instanceof SequenceNode ? "a list" : "a mapping";
    }
}
