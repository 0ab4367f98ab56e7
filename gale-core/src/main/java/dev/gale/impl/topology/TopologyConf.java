package dev.gale.impl.topology;

import dev.gale.Config;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /** A task's view: the topology's view under its component's configuration; unmodifiable. */
    public static Map<String, Object> taskView(Map<String, Object> topologyView, Map<String, Object> componentConf) {
        Map<String, Object> m = new HashMap<>(topologyView);
        putAllTyped(m, componentConf);
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
