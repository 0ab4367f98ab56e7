package dev.gale.impl.runtime;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.impl.spout.PendingLimit;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.utils.ConfigValues;
import dev.gale.impl.topology.TopologyPlan;
import java.util.HashMap;
import java.util.Map;

/**
 * What the runtime derives from the submitted configuration per component: each component's
 * merged view, the checks that fail a submit naming the component, and the acker's table size.
 * Stateless.
 */
final class ComponentConfigs {
    private ComponentConfigs() {
    }

    static Map<String, Object> merged(Map<String, Object> conf, ComponentDef def) {
        Map<String, Object> m = new HashMap<>(conf);
        m.putAll(def.conf());
        return m;
    }

    static void validateComponentConf(TopologyPlan plan, Map<String, Object> conf) {
        for (ComponentDef def : plan.components().values()) {
            Map<String, Object> m = merged(conf, def);
            try {
                ConfigValues.getNonNegativeInt(m, Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
                ConfigValues.getBoolean(m, Config.TOPOLOGY_DEBUG, false);
                ConfigValues.getBoolean(m, Config.GALE_SPOUT_PENDING_ADAPTIVE, true);
                if (m.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) != null) {
                    ConfigValues.getPositiveInt(m, Config.TOPOLOGY_MAX_SPOUT_PENDING, 1);
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidTopologyException(def.describe() + ": " + e.getMessage(), e);
            }
        }
    }

    /** Sizes each acker's table for the most trees that can be pending (max spout pending, or its default). */
    static int expectedPendingPerAcker(TopologyPlan plan, Map<String, Object> conf) {
        long total = 0;
        for (ComponentDef def : plan.components().values()) {
            if (def.kind() != ComponentDef.Kind.SPOUT) {
                continue;
            }
            total += (long) PendingLimit.startingLimit(merged(conf, def)) * def.numTasks();
        }
        int ackers = Math.max(1, plan.ackerTasks().size());
        return (int) Math.max(16, Math.min(1 << 24, total / ackers + total / ackers / 8));
    }

    /** The component's tick frequency in seconds, 0 for none. */
    static int tickFreqSecs(Map<String, Object> conf, ComponentDef def) {
        return ConfigValues.getNonNegativeInt(merged(conf, def), Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
    }
}
