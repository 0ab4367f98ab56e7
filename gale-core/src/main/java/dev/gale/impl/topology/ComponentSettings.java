package dev.gale.impl.topology;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.topology.CheckpointTupleForwarder;
import dev.gale.topology.StatefulBoltExecutor;
import dev.gale.topology.WindowedBoltExecutor;
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
 * @param executors how many executors it runs on: its parallelism hint, capped by its tasks
 * @param tasks how many tasks it has: its own setting, else the topology's {@code topology.tasks}, else one
 *              per executor; capped by {@code topology.max.task.parallelism}
 * @param window windowed bolts: what the engine reads of the window; {@link WindowSpec#NONE} for the rest
 */
public record ComponentSettings(int tickFreqSecs, boolean debug, List<String> autoTaskHooks, boolean ownThread,
                                PendingSpec pending, boolean loadAware, double loadAwareHigh, double loadAwareLow,
                                int executors, int tasks, WindowSpec window) {

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
     * What the engine reads of a windowed bolt's window: how many tuples, or milliseconds, it spans
     * and slides by, 0 where unset, with the precedence the bolt applies (a count wins over a
     * duration; with neither sliding interval it slides by one tuple). The bolt itself reads the
     * rest (lag, late stream, watermarks) as it prepares, as Storm's does.
     */
    public record WindowSpec(long lengthCount, long lengthMs, long slideCount, long slideMs) {
        /** Not a windowed bolt. */
        public static final WindowSpec NONE = new WindowSpec(0, 0, 0, 0);

        /** @throws IllegalArgumentException naming the key, if a window setting is not a number */
        static WindowSpec of(Map<String, Object> conf) {
            long lengthCount = number(conf, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT);
            long lengthMs = lengthCount > 0 ? 0 : number(conf, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS);
            long slideCount = number(conf, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT);
            long slideMs = slideCount > 0 ? 0 : number(conf, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS);
            return new WindowSpec(lengthCount, lengthMs, slideCount == 0 && slideMs == 0 ? 1 : slideCount, slideMs);
        }

        private static long number(Map<String, Object> conf, String key) {
            Object v = conf.get(key);
            if (v == null) {
                return 0;
            }
            if (v instanceof Number n) {
                return n.longValue();
            }
            throw new IllegalArgumentException(key + " must be a number, got " + v);
        }

        /**
         * The longest a time window holds a tuple by design: its length plus its sliding interval
         * (a tuple is acked once it has left the last window it belongs to); 0 for a count window.
         */
        public long holdNanos() {
            return lengthMs == 0 ? 0 : (lengthMs + (slideMs > 0 ? slideMs : lengthMs)) * 1_000_000L;
        }

        /** Tuples a count window holds at most before it slides (length plus interval); 0 for a time window. */
        public long spanTuples() {
            return lengthCount == 0 && slideCount == 0 ? 0 : lengthCount + slideCount;
        }
    }

    /**
     * The windowed bolt a component runs, itself or wrapped for a stateful topology; null if none.
     */
    public static WindowedBoltExecutor windowedBolt(Object component) {
        Object c = component;
        if (c instanceof StatefulBoltExecutor<?> s) {
            c = s.getBolt();
        } else if (c instanceof CheckpointTupleForwarder f) {
            c = f.getBolt();
        }
        return c instanceof WindowedBoltExecutor w ? w : null;
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
            // topology.tasks: the component's own (builder, component conf) is in numTasks; else the topology's, if set.
            int wanted = def.conf().get(Config.TOPOLOGY_TASKS) == null && topologyConf.get(Config.TOPOLOGY_TASKS) != null
                    ? ConfigValues.getPositiveInt(topologyConf, Config.TOPOLOGY_TASKS, 1) : def.numTasks();
            // Storm's default is null: no cap.
            int tasks = Math.min(wanted, ConfigValues.getPositiveInt(m, Config.TOPOLOGY_MAX_TASK_PARALLELISM,
                    Integer.MAX_VALUE));
            WindowSpec window = windowedBolt(def.component()) == null ? WindowSpec.NONE : WindowSpec.of(m);
            return new ComponentSettings(tick, debug, hookNames(m), own, pending, loadAware, high, low,
                    Math.min(def.parallelism(), tasks), tasks, window);
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
