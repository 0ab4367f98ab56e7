package dev.gale.impl.topology;

import dev.gale.Config;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the configuration components see, as Storm hands it to them: Storm's defaults, under the
 * submitted topology configuration, under the component's own; numbers typed as after Storm's JSON
 * round trip (integral numbers {@code Long}, floating {@code Double}, in nested lists and maps
 * too). The engine reads its settings from the submitted configuration, not from this view, so
 * a default shown here never changes what Gale does. Stateless.
 */
public final class TopologyConf {
    private TopologyConf() {
    }

    /** Storm's defaults under the submitted configuration, with the topology's name; unmodifiable. */
    public static Map<String, Object> topologyView(Map<String, Object> submitted, String name) {
        Map<String, Object> m = new HashMap<>(StormDefaults.topology());
        putAllTyped(m, submitted);
        m.put(Config.TOPOLOGY_NAME, name);
        return Collections.unmodifiableMap(m);
    }

    /**
     * The topology's view with Storm's normalization of the Kryo settings at submit, which its
     * components see whatever their own configuration says: {@code topology.kryo.decorators} is every
     * component's decorators and then the topology's, without repeats; {@code topology.kryo.register}
     * is one map of class name to serializer (null for Kryo's default) from every component's
     * registrations and then the topology's, a later one for the same class winning. Gale serializes
     * nothing; these are only shown, as Storm shows them.
     */
    public static Map<String, Object> topologyView(Map<String, Object> submitted, String name,
                                                   Collection<Map<String, Object>> componentConfs) {
        Map<String, Object> m = new HashMap<>(topologyView(submitted, name));
        Set<Object> decorators = new LinkedHashSet<>();
        Map<Object, Object> registrations = new LinkedHashMap<>();
        for (Map<String, Object> c : componentConfs) {
            addKryo(c, decorators, registrations);
        }
        addKryo(m, decorators, registrations);
        m.put(Config.TOPOLOGY_KRYO_DECORATORS, asJson(new ArrayList<>(decorators)));
        m.put(Config.TOPOLOGY_KRYO_REGISTER, asJson(registrations));
        return Collections.unmodifiableMap(m);
    }

    private static void addKryo(Map<String, Object> conf, Set<Object> decorators, Map<Object, Object> registrations) {
        if (conf.get(Config.TOPOLOGY_KRYO_DECORATORS) instanceof List<?> list) {
            decorators.addAll(list);
        }
        Object register = conf.get(Config.TOPOLOGY_KRYO_REGISTER);
        if (register instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> byClass) {
                    registrations.putAll(byClass);
                } else {
                    registrations.put(o, null);
                }
            }
        } else if (register instanceof Map<?, ?> byClass) {
            registrations.putAll(byClass);
        }
    }

    /**
     * A task's view: the topology's view under its component's configuration; unmodifiable. As in
     * Storm, a component's own Kryo settings do not override the topology's normalized ones.
     */
    public static Map<String, Object> taskView(Map<String, Object> topologyView, Map<String, Object> componentConf) {
        Map<String, Object> m = new HashMap<>(topologyView);
        Map<String, Object> own = componentConf;
        if (own.containsKey(Config.TOPOLOGY_KRYO_DECORATORS) || own.containsKey(Config.TOPOLOGY_KRYO_REGISTER)) {
            own = new HashMap<>(componentConf);
            own.keySet().removeAll(List.of(Config.TOPOLOGY_KRYO_DECORATORS, Config.TOPOLOGY_KRYO_REGISTER));
        }
        putAllTyped(m, own);
        return Collections.unmodifiableMap(m);
    }

    private static void putAllTyped(Map<String, Object> into, Map<String, Object> from) {
        for (Map.Entry<String, Object> e : from.entrySet()) {
            into.put(e.getKey(), asJson(e.getValue()));
        }
    }

    /**
     * A value as Storm's JSON round trip returns it. Objects JSON cannot carry (Storm refuses
     * them at submit) are passed through: Gale runs in one JVM and need not refuse them.
     */
    static Object asJson(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float) {
            return Double.parseDouble(v.toString()); // 0.1f -> 0.1, as its JSON text reads back
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>(((List<?>) v).size());
            for (Object o : (List<?>) v) {
                out.add(asJson(o));
            }
            return out;
        }
        if (v instanceof Map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(e.getKey() == null ? null : e.getKey().toString(), asJson(e.getValue()));
            }
            return out;
        }
        return v;
    }
}
