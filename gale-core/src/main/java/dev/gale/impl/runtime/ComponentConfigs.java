package dev.gale.impl.runtime;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.impl.spout.PendingLimit;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.utils.ConfigValues;
import dev.gale.impl.topology.TopologyConf;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.topology.CheckpointTupleForwarder;
import dev.gale.topology.PersistentWindowedBoltExecutor;
import dev.gale.topology.StatefulBoltExecutor;
import dev.gale.topology.WindowedBoltExecutor;
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
            WindowedBoltExecutor window = windowOf(def.component());
            if (window != null) {
                validateWindow(plan, conf, def, window);
            }
        }
    }

    /** The windowed bolt a component runs, itself or wrapped for a stateful topology; null if none. */
    private static WindowedBoltExecutor windowOf(Object component) {
        Object c = component;
        if (c instanceof StatefulBoltExecutor<?> s) {
            c = s.getBolt();
        } else if (c instanceof CheckpointTupleForwarder f) {
            c = f.getBolt();
        }
        return c instanceof WindowedBoltExecutor w ? w : null;
    }

    /**
     * A windowed bolt's window, checked as Storm checks it when the bolt is prepared (here: at
     * submit), then against the pending limit Gale starts with when none is set: Storm's check
     * skips that case, since Storm then has no limit, but Gale does, and a count window longer
     * than it could never fill up (the limit grows only as trees complete, and none would).
     */
    private static void validateWindow(TopologyPlan plan, Map<String, Object> conf, ComponentDef def,
                                       WindowedBoltExecutor window) {
        Map<String, Object> taskView = TopologyConf.taskView(TopologyConf.topologyView(conf, plan.name()), def.conf());
        try {
            window.validate(taskView);
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException(def.describe() + ": " + e.getMessage(), e);
        }
        if (taskView.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) != null || plan.ackerTasks().isEmpty()
                || window instanceof PersistentWindowedBoltExecutor) {
            return;
        }
        long length = count(taskView, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT);
        long slide = count(taskView, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT);
        if (slide == 0 && taskView.get(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS) == null) {
            slide = 1;
        }
        if (length == 0 && slide == 0) {
            return;
        }
        int limit = Integer.MAX_VALUE;
        for (ComponentDef spout : plan.components().values()) {
            if (spout.kind() == ComponentDef.Kind.SPOUT) {
                limit = Math.min(limit, PendingLimit.startingLimit(merged(conf, spout)));
            }
        }
        if (length + slide > limit) {
            throw new InvalidTopologyException(def.describe() + ": window length + sliding interval (" + (length + slide)
                    + " tuples) is more than the " + limit + " trees a spout task may have pending ("
                    + Config.TOPOLOGY_MAX_SPOUT_PENDING + " is unset, and Gale's limit then starts at "
                    + PendingLimit.DEFAULT_START + "): the window could not fill up while the tuples it holds keep the"
                    + " spouts from emitting; set "
                    + Config.TOPOLOGY_MAX_SPOUT_PENDING + " to at least " + (length + slide));
        }
    }

    private static long count(Map<String, Object> conf, String key) {
        Object v = conf.get(key);
        return v instanceof Number ? ((Number) v).longValue() : 0;
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
