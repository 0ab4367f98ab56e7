package dev.gale.impl.metrics;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.topology.Subscription;
import dev.gale.metric.api.IMetricsConsumer;
import dev.gale.stats.ComponentKind;
import dev.gale.tuple.Fields;
import dev.gale.utils.ClassResolver;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;

/**
 * Adds the metrics consumers registered in {@code topology.metrics.consumer.register} to a
 * topology, as Storm's system topology does: one bolt {@code __metrics_<class>} per registration
 * (its {@code parallelism.hint} executors and tasks, each on a thread of its own), subscribed with
 * a shuffle grouping to the {@code __metrics} stream {@code [task-info, data-points]} this adds to
 * every spout and bolt. Every registration is checked before anything runs: a wrong one is
 * refused at submit, naming its position, key and value. Stateless.
 */
public final class MetricsConsumers {
    static final String CLASS = "class";
    static final String ARGUMENT = "argument";
    static final String PARALLELISM_HINT = "parallelism.hint";
    static final String MAX_RETAIN_METRIC_TUPLES = "max.retain.metric.tuples";
    static final String WHITELIST = "whitelist";
    static final String BLACKLIST = "blacklist";
    static final String EXPAND_MAP_TYPE = "expandMapType";
    static final String METRIC_NAME_SEPARATOR = "metricNameSeparator";
    private static final Fields METRICS_FIELDS = new Fields("task-info", "data-points");

    private MetricsConsumers() {
    }

    /**
     * The topology with its metrics consumers, or {@code topology} itself when none is registered.
     *
     * @throws InvalidTopologyException for a registration that cannot run, naming it
     */
    public static StormTopology addTo(StormTopology topology, Map<String, Object> conf) {
        Object register = conf.get(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER);
        if (register == null) {
            return topology;
        }
        if (!(register instanceof List)) {
            throw new InvalidTopologyException("'" + Config.TOPOLOGY_METRICS_CONSUMER_REGISTER + "' must be a list of"
                    + " maps ({class: ..., parallelism.hint: ..., argument: ...}), got " + register);
        }
        List<?> entries = (List<?>) register;
        if (entries.isEmpty()) {
            return topology;
        }
        Map<String, ComponentDef> components = new LinkedHashMap<>();
        List<Subscription> inputs = new ArrayList<>();
        for (ComponentDef c : topology.components().values()) {
            Map<String, StreamDef> outputs = new LinkedHashMap<>(c.outputs());
            outputs.put(Constants.METRICS_STREAM_ID, new StreamDef(Constants.METRICS_STREAM_ID, METRICS_FIELDS, false));
            components.put(c.id(), new ComponentDef(c.id(), c.kind(), c.component(), c.parallelism(), c.numTasks(),
                    c.conf(), outputs, c.inputs()));
            inputs.add(new Subscription(new GlobalStreamId(c.id(), Constants.METRICS_STREAM_ID),
                    Grouping.of(Grouping.Type.SHUFFLE)));
        }
        Map<String, Integer> occurrences = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            ComponentDef consumer = consumer(i + 1, entries.get(i), inputs, occurrences);
            if (components.containsKey(consumer.id())) {
                throw new InvalidTopologyException(where(i + 1) + ": its component id '" + consumer.id()
                        + "' is taken by a component of the topology");
            }
            components.put(consumer.id(), consumer);
        }
        return new StormTopology(components, topology.workerHooks());
    }

    private static ComponentDef consumer(int position, Object entry, List<Subscription> inputs,
                                         Map<String, Integer> occurrences) {
        if (!(entry instanceof Map)) {
            throw new InvalidTopologyException(where(position) + " must be a map ({class: ..., parallelism.hint: ...,"
                    + " argument: ...}), got " + entry);
        }
        Map<?, ?> info = (Map<?, ?>) entry;
        Object name = info.get(CLASS);
        if (!(name instanceof String) || ((String) name).isBlank()) {
            throw new InvalidTopologyException(where(position) + ": '" + CLASS + "' must name an IMetricsConsumer class,"
                    + " got " + name);
        }
        String className = (String) name;
        checkConsumerClass(position, className);
        int hint = positiveInt(position, info, PARALLELISM_HINT, 1);
        positiveOrZeroInt(position, info, MAX_RETAIN_METRIC_TUPLES); // accepted: Gale drops no data point
        DataPointFilter filter;
        try {
            filter = new DataPointFilter(strings(position, info, WHITELIST), strings(position, info, BLACKLIST),
                    bool(position, info, EXPAND_MAP_TYPE), separator(position, info));
        } catch (PatternSyntaxException e) {
            throw new InvalidTopologyException(where(position) + ": a whitelist or blacklist entry is not a regular"
                    + " expression: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException(where(position) + ": " + e.getMessage(), e);
        }
        int n = occurrences.merge(className, 1, Integer::sum);
        String id = Constants.METRICS_COMPONENT_ID_PREFIX + className + (n > 1 ? "#" + n : "");
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_TASKS, hint);
        // A consumer may block (a remote store): it must not hold up the executors sharing a thread.
        conf.put(Config.GALE_EXECUTOR_OWN_THREAD, true);
        return new ComponentDef(id, ComponentKind.BOLT, new MetricsConsumerBolt(className, info.get(ARGUMENT), filter),
                hint, hint, conf, Map.of(), inputs);
    }

    private static void checkConsumerClass(int position, String className) {
        Class<?> c;
        try {
            c = ClassResolver.find(className);
        } catch (ClassNotFoundException e) {
            throw new InvalidTopologyException(where(position) + ": metrics consumer class '" + className
                    + "' not found: " + e.getMessage(), e);
        }
        if (!IMetricsConsumer.class.isAssignableFrom(c)) {
            throw new InvalidTopologyException(where(position) + ": " + c.getName() + " does not implement "
                    + IMetricsConsumer.class.getName());
        }
        boolean noArg;
        try {
            noArg = Modifier.isPublic(c.getConstructor().getModifiers());
        } catch (NoSuchMethodException e) {
            noArg = false;
        }
        if (Modifier.isAbstract(c.getModifiers()) || !Modifier.isPublic(c.getModifiers()) || !noArg) {
            throw new InvalidTopologyException(where(position) + ": metrics consumer " + c.getName()
                    + " must be a public, concrete class with a public no-argument constructor");
        }
    }

    private static String where(int position) {
        return "metrics consumer " + position + " of '" + Config.TOPOLOGY_METRICS_CONSUMER_REGISTER + "'";
    }

    private static int positiveInt(int position, Map<?, ?> info, String key, int dflt) {
        Object v = info.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Number) || ((Number) v).doubleValue() != ((Number) v).intValue()
                || ((Number) v).intValue() < 1) {
            throw new InvalidTopologyException(where(position) + ": '" + key + "' must be a whole number of at least 1,"
                    + " got " + v);
        }
        return ((Number) v).intValue();
    }

    private static void positiveOrZeroInt(int position, Map<?, ?> info, String key) {
        Object v = info.get(key);
        if (v != null && (!(v instanceof Number) || ((Number) v).doubleValue() != ((Number) v).longValue())) {
            throw new InvalidTopologyException(where(position) + ": '" + key + "' must be a whole number, got " + v);
        }
    }

    private static List<String> strings(int position, Map<?, ?> info, String key) {
        Object v = info.get(key);
        if (v == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (v instanceof List) {
            for (Object o : (List<?>) v) {
                if (!(o instanceof String)) {
                    out = null;
                    break;
                }
                out.add((String) o);
            }
            if (out != null) {
                return out;
            }
        }
        throw new InvalidTopologyException(where(position) + ": '" + key + "' must be a list of regular expressions,"
                + " got " + v);
    }

    private static boolean bool(int position, Map<?, ?> info, String key) {
        Object v = info.get(key);
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        if ("true".equals(v) || "false".equals(v)) {
            return Boolean.parseBoolean((String) v);
        }
        throw new InvalidTopologyException(where(position) + ": '" + key + "' must be true or false, got " + v);
    }

    private static String separator(int position, Map<?, ?> info) {
        Object v = info.get(METRIC_NAME_SEPARATOR);
        if (v == null) {
            return ".";
        }
        if (!(v instanceof String)) {
            throw new InvalidTopologyException(where(position) + ": '" + METRIC_NAME_SEPARATOR
                    + "' must be a string, got " + v);
        }
        return (String) v;
    }
}
