package dev.gale.impl.topology;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.utils.ConfigValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the engine reads of one component's configuration, resolved once at submit: Gale's
 * defaults, under the topology's configuration, under the component's own. A bad value fails the
 * submit with a message naming the component and the key. The engine reads these, never the
 * configuration maps. Immutable.
 *
 * @param tickFreqSecs seconds between tick tuples, 0 for none
 * @param debug whether every emit is logged
 * @param autoTaskHooks class names of the task hooks every task gets
 * @param ownThread whether each of its executors wants a thread of its own
 * @param pending spouts: how many trees a task may have pending (see {@link PendingSpec})
 * @param loadAware whether a shuffle from this component prefers targets on the emitter's thread
 * @param loadAwareHigh share of a target queue's capacity from which a local shuffle spreads out
 * @param loadAwareLow share under which it comes back
 */
public record ComponentSettings(int tickFreqSecs, boolean debug, List<String> autoTaskHooks, boolean ownThread,
                                PendingSpec pending, boolean loadAware, double loadAwareHigh, double loadAwareLow) {

    /**
     * A spout task's pending limit as configured: a fixed cap ({@code start == ceiling}, not
     * adaptive) or an adaptive limit between 1 and {@code ceiling}, starting at {@code start};
     * {@code explicit} when the user set max spout pending (else Storm would have no limit).
     */
    public record PendingSpec(int start, int ceiling, boolean adaptive, boolean explicit) {
        /** Trees per spout task an unset max spout pending starts at. */
        public static final int DEFAULT_START = 1000;
        /** The most trees per task an unset max spout pending grows to. */
        public static final int DEFAULT_CEILING = 1 << 16;

        /** An explicit max spout pending is a fixed cap unless the user opts in to adaptation. */
        public static PendingSpec of(Map<String, Object> conf) {
            boolean explicit = conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) != null;
            boolean adaptive = ConfigValues.getBoolean(conf, Config.GALE_SPOUT_PENDING_ADAPTIVE, !explicit);
            if (explicit) {
                int max = ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_MAX_SPOUT_PENDING, DEFAULT_START);
                return new PendingSpec(max, max, adaptive, true);
            }
            return new PendingSpec(DEFAULT_START, adaptive ? DEFAULT_CEILING : DEFAULT_START, adaptive, false);
        }
    }

    /**
     * Resolves a component's settings from the submitted topology configuration and its own.
     *
     * @throws InvalidTopologyException naming the component and the key at fault
     */
    public static ComponentSettings resolve(ComponentDef def, Map<String, Object> topologyConf) {
        Map<String, Object> m = new HashMap<>(topologyConf);
        m.putAll(def.conf());
        try {
            // Storm's default is null: no tick tuples.
            int tick = ConfigValues.getNonNegativeInt(m, Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
            boolean debug = ConfigValues.getBoolean(m, Config.TOPOLOGY_DEBUG,
                    StormDefaults.booleanValue(Config.TOPOLOGY_DEBUG));
            boolean own = ConfigValues.getBoolean(m, Config.GALE_EXECUTOR_OWN_THREAD,
                    GaleDefaults.booleanValue(Config.GALE_EXECUTOR_OWN_THREAD));
            PendingSpec pending = PendingSpec.of(m);
            boolean loadAware = !ConfigValues.getBoolean(m, Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING,
                    StormDefaults.booleanValue(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING));
            double high = share(m, Config.TOPOLOGY_LOCALITYAWARE_HIGHER_BOUND);
            double low = share(m, Config.TOPOLOGY_LOCALITYAWARE_LOWER_BOUND);
            return new ComponentSettings(tick, debug, hookNames(m), own, pending, loadAware, high, low);
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException(def.describe() + ": " + e.getMessage(), e);
        }
    }

    private static List<String> hookNames(Map<String, Object> conf) {
        Object names = conf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS);
        if (names == null) {
            return List.of();
        }
        if (!(names instanceof List)) {
            throw new IllegalArgumentException("configuration '" + Config.TOPOLOGY_AUTO_TASK_HOOKS
                    + "' must be a list of ITaskHook class names, got " + names);
        }
        List<String> out = new ArrayList<>();
        for (Object n : (List<?>) names) {
            out.add(String.valueOf(n));
        }
        return List.copyOf(out);
    }

    private static double share(Map<String, Object> conf, String key) {
        double dflt = StormDefaults.doubleValue(key);
        Object v = conf.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Number) || ((Number) v).doubleValue() < 0 || ((Number) v).doubleValue() > 1) {
            throw new IllegalArgumentException("configuration '" + key + "' must be a number from 0 to 1 (a share of"
                    + " a queue's capacity; the default is " + dflt + "), got " + v);
        }
        return ((Number) v).doubleValue();
    }
}
