package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import dev.gale.flux.model.BeanDef;
import dev.gale.flux.model.BeanListReference;
import dev.gale.flux.model.BeanReference;
import dev.gale.flux.model.BoltDef;
import dev.gale.flux.model.ConfigMethodDef;
import dev.gale.flux.model.GroupingDef;
import dev.gale.flux.model.IncludeDef;
import dev.gale.flux.model.ObjectDef;
import dev.gale.flux.model.PropertyDef;
import dev.gale.flux.model.SpoutDef;
import dev.gale.flux.model.StreamDef;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.model.TopologySourceDef;
import dev.gale.flux.model.VertexDef;
import dev.gale.flux.model.WorkerHookDef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Turns a Flux file's YAML nodes into a {@link TopologyDef}, checking the schema as it goes: each
 * key must be one the entry takes, each value of the right kind, ids unique, required keys
 * present. Every error names the file, line, key and entry. Confined to one parse.
 */
final class TopologyBinder {
    private static final Set<String> TOPOLOGY_KEYS = keys("name", "config", "components", "includes",
            "topologySource", "spouts", "bolts", "streams", "workerHooks");
    private static final Set<String> OBJECT_KEYS = keys("className", "constructorArgs", "properties",
            "configMethods", "factory", "factoryArgs");
    private static final Set<String> BEAN_KEYS = keys("id", "className", "constructorArgs", "properties",
            "configMethods", "factory", "factoryArgs");
    private static final Set<String> VERTEX_KEYS = keys(BEAN_KEYS, "parallelism", "numTasks", "onHeapMemoryLoad",
            "offHeapMemoryLoad", "cpuLoad");
    private static final Set<String> SOURCE_KEYS = keys(OBJECT_KEYS, "methodName");
    private static final Set<String> PROPERTY_KEYS = keys("name", "value", "ref");
    private static final Set<String> METHOD_KEYS = keys("name", "args");
    private static final Set<String> STREAM_KEYS = keys("name", "from", "to", "grouping");
    private static final Set<String> GROUPING_KEYS = keys("type", "streamId", "args", "customClass");
    private static final Set<String> INCLUDE_KEYS = keys("resource", "file", "override");

    private final FluxYaml yaml;

    TopologyBinder(FluxYaml yaml) {
        this.yaml = yaml;
    }

    TopologyDef bind(Node root) {
        if (root == null || Entries.isNull(root)) {
            throw new FluxException(yaml.source() + ": the file defines nothing (no 'name', 'spouts', 'bolts', ...)");
        }
        Entries top = Entries.of(yaml, root, "a Flux topology", "", TOPOLOGY_KEYS).named("the topology");
        TopologyDef def = new TopologyDef();
        def.setLocation(yaml.source());
        def.setName(top.string("name"));
        def.setConfig(top.map("config"));
        def.setComponents(list(top, "components", "a component", (n, p) -> bean(n, p, new BeanDef(), "component")));
        List<SpoutDef> spouts = list(top, "spouts", "a spout", (n, p) -> vertex(n, p, new SpoutDef(), "spout"));
        List<BoltDef> bolts = list(top, "bolts", "a bolt", (n, p) -> vertex(n, p, new BoltDef(), "bolt"));
        uniqueAcross(spouts, bolts);
        def.setSpouts(spouts);
        def.setBolts(bolts);
        def.setStreams(list(top, "streams", "a stream", this::stream));
        def.setWorkerHooks(list(top, "workerHooks", "a worker hook",
                (n, p) -> bean(n, p, new WorkerHookDef(), "worker hook")));
        List<IncludeDef> includes = list(top, "includes", "an include", this::include);
        def.setIncludes(includes.isEmpty() ? null : includes);
        if (top.has("topologySource") && !Entries.isNull(top.get("topologySource"))) {
            Entries e = Entries.of(yaml, top.get("topologySource"), "a topology source", "topologySource", SOURCE_KEYS)
                    .named("the topologySource");
            TopologySourceDef source = object(e, new TopologySourceDef());
            String method = e.string("methodName");
            if (method != null) {
                source.setMethodName(method);
            }
            def.setTopologySource(source);
        }
        return def;
    }

    /** Binds one list item; {@code path} is its key path, such as {@code bolts[1]}. */
    private interface ItemBinder<T> {
        T bind(Node node, String path);
    }

    private <T> List<T> list(Entries parent, String key, String kind, ItemBinder<T> binder) {
        List<T> out = new ArrayList<>();
        Map<String, Node> ids = new HashMap<>();
        List<Node> items = parent.sequence(key);
        for (int i = 0; i < items.size(); i++) {
            T item = binder.bind(items.get(i), key + "[" + i + "]");
            if (item instanceof BeanDef bean) {
                Node first = ids.putIfAbsent(bean.getId(), items.get(i));
                if (first != null) {
                    throw new FluxException(Where.of(yaml.source(), items.get(i)) + ": " + kind.substring(kind.indexOf(' ') + 1)
                            + " id '" + bean.getId() + "' is defined twice in '" + key + "' (first at line "
                            + (first.getStartMark().getLine() + 1) + ")");
                }
            }
            out.add(item);
        }
        return out;
    }

    private void uniqueAcross(List<SpoutDef> spouts, List<BoltDef> bolts) {
        Map<String, SpoutDef> byId = spouts.stream().collect(Collectors.toMap(SpoutDef::getId, s -> s));
        for (BoltDef bolt : bolts) {
            SpoutDef spout = byId.get(bolt.getId());
            if (spout != null) {
                throw new FluxException(bolt.getLocation() + ": bolt id '" + bolt.getId() + "' is also the id of the spout at "
                        + spout.getLocation() + "; spouts and bolts need ids of their own");
            }
        }
    }

    private <T extends BeanDef> T bean(Node node, String path, T def, String kind) {
        return beanFrom(Entries.of(yaml, node, "a " + kind, path, kind.equals("component") || kind.equals("worker hook")
                ? BEAN_KEYS : VERTEX_KEYS), def, kind);
    }

    private <T extends BeanDef> T beanFrom(Entries e, T def, String kind) {
        String id = e.requiredString("id");
        def.setId(id);
        return object(e.named(kind + " '" + id + "'"), def);
    }

    private <T extends VertexDef> T vertex(Node node, String path, T def, String kind) {
        Entries e = Entries.of(yaml, node, "a " + kind, path, VERTEX_KEYS);
        beanFrom(e, def, kind);
        Entries named = e.named(kind + " '" + def.getId() + "'");
        def.setParallelism(positive(named, "parallelism", 1));
        def.setNumTasks(named.integer("numTasks", -1));
        if (def.getNumTasks() != -1 && def.getNumTasks() < 0) {
            throw named.wrongType("numTasks", named.get("numTasks"), "0 or more");
        }
        def.setOnHeapMemoryLoad(named.integer("onHeapMemoryLoad", -1));
        def.setOffHeapMemoryLoad(named.integer("offHeapMemoryLoad", -1));
        def.setCpuLoad(named.integer("cpuLoad", -1));
        return def;
    }

    private static int positive(Entries e, String key, int absent) {
        int value = e.integer(key, absent);
        if (value < 1) {
            throw e.wrongType(key, e.get(key), "1 or more");
        }
        return value;
    }

    private <T extends ObjectDef> T object(Entries e, T def) {
        def.setLocation(e.location());
        def.setClassName(e.requiredString("className"));
        if (e.has("constructorArgs")) {
            def.setConstructorArgs(arguments(e, "constructorArgs"));
        }
        def.setFactory(e.string("factory"));
        if (e.has("factoryArgs")) {
            if (!def.hasFactory()) {
                throw new FluxException(Where.of(yaml.source(), e.get("factoryArgs")) + ": " + e.what()
                        + " has 'factoryArgs' but no 'factory' (the static method to call with them)");
            }
            def.setFactoryArgs(arguments(e, "factoryArgs"));
        }
        if (def.hasConstructorArgs() && def.hasFactory()) {
            throw new FluxException(Where.of(yaml.source(), e.get("factory")) + ": " + e.what()
                    + " has both 'constructorArgs' and 'factory'; give one way to make it");
        }
        List<Node> properties = e.sequence("properties");
        if (!properties.isEmpty() || e.has("properties")) {
            List<PropertyDef> out = new ArrayList<>();
            for (int i = 0; i < properties.size(); i++) {
                out.add(property(properties.get(i), e.pathOf("properties") + "[" + i + "]", e.what()));
            }
            def.setProperties(out);
        }
        List<Node> methods = e.sequence("configMethods");
        if (!methods.isEmpty() || e.has("configMethods")) {
            List<ConfigMethodDef> out = new ArrayList<>();
            for (int i = 0; i < methods.size(); i++) {
                out.add(configMethod(methods.get(i), e.pathOf("configMethods") + "[" + i + "]", e.what()));
            }
            def.setConfigMethods(out);
        }
        return def;
    }

    /** Constructor, factory or method arguments: plain values, or {@code ref} / {@code reflist} references. */
    private List<Object> arguments(Entries e, String key) {
        List<Object> out = new ArrayList<>();
        List<Node> items = e.sequence(key);
        for (int i = 0; i < items.size(); i++) {
            out.add(argument(items.get(i), e.pathOf(key) + "[" + i + "]", e.what()));
        }
        return out;
    }

    private Object argument(Node node, String path, String owner) {
        if (node instanceof MappingNode m && m.getValue().size() == 1
                && m.getValue().get(0).getKeyNode() instanceof ScalarNode k
                && (k.getValue().equals("ref") || k.getValue().equals("reflist"))) {
            NodeTuple t = m.getValue().get(0);
            if (k.getValue().equals("ref")) {
                return new BeanReference(componentId(t.getValueNode(), path + ".ref", owner));
            }
            if (!(t.getValueNode() instanceof SequenceNode ids)) {
                throw new FluxException(Where.of(yaml.source(), t.getValueNode()) + ": '" + path + ".reflist' of " + owner
                        + " must be a list of component ids, not " + Entries.describe(t.getValueNode()));
            }
            List<String> out = new ArrayList<>();
            for (Node id : ids.getValue()) {
                out.add(componentId(id, path + ".reflist", owner));
            }
            return new BeanListReference(out);
        }
        return yaml.value(node);
    }

    private String componentId(Node node, String path, String owner) {
        Object id = node instanceof ScalarNode && !Entries.isNull(node) ? yaml.value(node) : null;
        if (!(id instanceof String || id instanceof Number) || String.valueOf(id).isBlank()) {
            throw new FluxException(Where.of(yaml.source(), node) + ": '" + path + "' of " + owner
                    + " must be a component id, not " + Entries.describe(node));
        }
        return String.valueOf(id);
    }

    private PropertyDef property(Node node, String path, String owner) {
        Entries e = Entries.of(yaml, node, "a property", path, PROPERTY_KEYS).named("a property of " + owner);
        PropertyDef def = new PropertyDef();
        def.setLocation(e.location());
        def.setName(e.requiredString("name"));
        if (e.has("ref") == e.has("value")) {
            throw new FluxException(Where.of(yaml.source(), node) + ": property '" + def.getName() + "' of " + owner
                    + " needs either 'value' or 'ref'" + (e.has("ref") ? ", not both" : ""));
        }
        if (e.has("ref")) {
            def.setRef(componentId(e.get("ref"), e.pathOf("ref"), owner));
        } else {
            def.setValue(yaml.value(e.get("value")));
        }
        return def;
    }

    private ConfigMethodDef configMethod(Node node, String path, String owner) {
        Entries e = Entries.of(yaml, node, "a configuration method", path, METHOD_KEYS)
                .named("a configuration method of " + owner);
        ConfigMethodDef def = new ConfigMethodDef();
        def.setLocation(e.location());
        def.setName(e.requiredString("name"));
        List<Object> args = new ArrayList<>();
        List<Node> items = e.sequence("args");
        for (int i = 0; i < items.size(); i++) {
            args.add(argument(items.get(i), e.pathOf("args") + "[" + i + "]", "method '" + def.getName() + "' of " + owner));
        }
        def.setArgs(args);
        return def;
    }

    private StreamDef stream(Node node, String path) {
        Entries e = Entries.of(yaml, node, "a stream", path, STREAM_KEYS);
        StreamDef def = new StreamDef();
        def.setLocation(e.location());
        def.setName(e.string("name"));
        def.setFrom(e.requiredString("from"));
        def.setTo(e.requiredString("to"));
        Entries named = e.named("stream '" + def.getFrom() + " --> " + def.getTo() + "'");
        if (!named.has("grouping") || Entries.isNull(named.get("grouping"))) {
            throw named.missing("grouping");
        }
        def.setGrouping(grouping(named.get("grouping"), named.pathOf("grouping"), named.what()));
        return def;
    }

    private GroupingDef grouping(Node node, String path, String stream) {
        Entries e = Entries.of(yaml, node, "a grouping", path, GROUPING_KEYS).named("the grouping of " + stream);
        GroupingDef def = new GroupingDef();
        String type = e.requiredString("type");
        List<String> types = Arrays.stream(GroupingDef.Type.values()).map(Enum::name).toList();
        if (!types.contains(type)) {
            throw new FluxException(Where.of(yaml.source(), e.get("type")) + ": unknown grouping type '" + type + "' at '"
                    + e.pathOf("type") + "' of " + stream
                    + Closest.to(type, types).map(c -> " (did you mean '" + c + "'?)").orElse("")
                    + "; types: " + String.join(", ", types));
        }
        def.setType(GroupingDef.Type.valueOf(type));
        def.setStreamId(e.string("streamId"));
        def.setArgs(e.strings("args"));
        if (def.getType() == GroupingDef.Type.FIELDS && (def.getArgs() == null || def.getArgs().isEmpty())) {
            throw new FluxException(Where.of(yaml.source(), node) + ": the FIELDS grouping of " + stream
                    + " needs 'args': the fields to group by, such as args: [\"word\"]");
        }
        if (def.getType() == GroupingDef.Type.CUSTOM) {
            if (!e.has("customClass")) {
                throw new FluxException(Where.of(yaml.source(), node) + ": the CUSTOM grouping of " + stream
                        + " needs 'customClass': the className (and arguments) of its CustomStreamGrouping");
            }
            Entries custom = Entries.of(yaml, e.get("customClass"), "a custom grouping class", e.pathOf("customClass"),
                    OBJECT_KEYS).named("the custom grouping of " + stream);
            def.setCustomClass(object(custom, new ObjectDef()));
        } else if (e.has("customClass")) {
            throw new FluxException(Where.of(yaml.source(), e.get("customClass")) + ": '" + e.pathOf("customClass")
                    + "' only applies to a CUSTOM grouping, and the grouping of " + stream + " is " + type);
        }
        return def;
    }

    private IncludeDef include(Node node, String path) {
        Entries e = Entries.of(yaml, node, "an include", path, INCLUDE_KEYS);
        IncludeDef def = new IncludeDef();
        def.setFile(e.requiredString("file"));
        def.setResource(e.bool("resource", false));
        def.setOverride(e.bool("override", false));
        return def;
    }

    private static Set<String> keys(String... keys) {
        return new LinkedHashSet<>(Arrays.asList(keys));
    }

    private static Set<String> keys(Set<String> base, String... more) {
        Set<String> out = new LinkedHashSet<>(base);
        out.addAll(Arrays.asList(more));
        return out;
    }
}
