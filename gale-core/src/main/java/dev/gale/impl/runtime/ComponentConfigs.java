package dev.gale.impl.runtime;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.ComponentSettings;
import dev.gale.impl.topology.ComponentSettings.PendingSpec;
import dev.gale.impl.topology.TopologyConf;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.stats.ComponentKind;
import dev.gale.topology.PersistentWindowedBoltExecutor;
import dev.gale.topology.WindowedBoltExecutor;
import java.util.Map;

/**
 * What the runtime derives from a plan's resolved settings beyond them: the windows' checks that
 * fail a submit naming the bolt, and the acker's table size. Stateless.
 */
final class ComponentConfigs {
    private ComponentConfigs() {
    }

    /** Every windowed bolt's window, checked at submit (the other settings are checked as the plan resolves them). */
    static void validateWindows(TopologyPlan plan, Map<String, Object> conf) {
        for (ComponentDef def : plan.components().values()) {
            WindowedBoltExecutor window = ComponentSettings.windowedBolt(def.component());
            if (window != null) {
                validateWindow(plan, conf, def, window);
            }
        }
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
        if (plan.ackerTasks().isEmpty() || window instanceof PersistentWindowedBoltExecutor) {
            return;
        }
        long span = plan.settingsOf(def.id()).window().spanTuples();
        if (span == 0) {
            return;
        }
        int limit = Integer.MAX_VALUE;
        for (ComponentDef spout : plan.components().values()) {
            if (spout.kind() == ComponentKind.SPOUT && !plan.settingsOf(spout.id()).pending().explicit()) {
                limit = Math.min(limit, plan.settingsOf(spout.id()).pending().start());
            }
        }
        if (span > limit) {
            throw new InvalidTopologyException(def.describe() + ": window length + sliding interval (" + span
                    + " tuples) is more than the " + limit + " trees a spout task may have pending ("
                    + Config.TOPOLOGY_MAX_SPOUT_PENDING + " is unset, and Gale's limit then starts at "
                    + PendingSpec.DEFAULT_START + "): the window could not fill up while the tuples it holds keep the"
                    + " spouts from emitting; set "
                    + Config.TOPOLOGY_MAX_SPOUT_PENDING + " to at least " + span);
        }
    }

    /** Sizes each acker's table for the most trees that can be pending at first (each spout's starting limit). */
    static int expectedPendingPerAcker(TopologyPlan plan) {
        long total = 0;
        for (ComponentDef def : plan.components().values()) {
            if (def.kind() == ComponentKind.SPOUT) {
                total += (long) plan.settingsOf(def.id()).pending().start() * plan.settingsOf(def.id()).tasks();
            }
        }
        int ackers = Math.max(1, plan.ackerTasks().size());
        return (int) Math.max(16, Math.min(1 << 24, total / ackers + total / ackers / 8));
    }
}
