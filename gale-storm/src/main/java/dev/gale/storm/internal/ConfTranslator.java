package dev.gale.storm.internal;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits a Gale configuration (topology or component level) into what Storm is given and what
 * travels with the wrappers. Storm keeps configurations as JSON: it is given every value JSON can
 * carry, typed as after Storm's JSON round trip (whole numbers Long, decimals Double), which is
 * also how Gale's engine shows them to components. Values JSON cannot carry, which Gale's engine
 * passes through as they are, travel Java-serialized with the wrappers and are put back before the
 * component sees its configuration; so do keys Storm must not see (the Gale task hooks of
 * {@code topology.auto.task.hooks} and the Gale submitter hook, which Storm would load as its
 * own). A component so sees on Storm what it sees on Gale's engine. Stateless.
 */
public final class ConfTranslator {
    private static final Logger LOG = LoggerFactory.getLogger(ConfTranslator.class);

    /** Gale's tuning of its own engine: no meaning on Storm (said once in the log, left in the configuration). */
    private static final Set<String> ENGINE_ONLY = Set.of(Config.GALE_PENDING_BUCKETS, Config.GALE_SPOUT_IDLE_MAX_MS,
            Config.GALE_SPOUT_PENDING_ADAPTIVE, Config.GALE_SCHEDULER_THREADS, Config.GALE_SCHEDULER_IDLE,
            Config.GALE_SCHEDULER_BLOCKED_MS, Config.GALE_SCHEDULER_STEP_SEED, Config.GALE_SCHEDULER_PLACEMENT,
            Config.GALE_SCHEDULER_BALANCE, Config.GALE_SCHEDULER_SHUFFLE_MS, Config.GALE_SCHEDULER_INLINE,
            Config.GALE_EXECUTOR_OWN_THREAD, Config.GALE_TRACE_SAMPLE,
            Config.GALE_KAFKA_SPOUT_OFFSET_METRICS_PERIOD_MS);

    /**
     * Keys that must not reach Storm: Storm would read them as naming its own classes. Gale's
     * StormSubmitter calls the submitter hook itself, in the submitting JVM.
     */
    private static final Set<String> GALE_ONLY = Set.of(Config.TOPOLOGY_AUTO_TASK_HOOKS,
            Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN);

    private ConfTranslator() {
    }

    /**
     * The two parts of a configuration.
     *
     * @param storm   the JSON values, for Storm
     * @param shipped what Storm is not given, for the wrappers to put back
     */
    public record Split(Map<String, Object> storm, Map<String, Object> shipped) {
    }

    /**
     * @param owner what the configuration belongs to, for messages: "the topology" or "bolt 'x'"
     * @throws InvalidTopologyException naming the key, for a value neither JSON nor serializable
     */
    public static Split split(String owner, Map<String, Object> conf) {
        Map<String, Object> storm = new LinkedHashMap<>();
        Map<String, Object> shipped = new LinkedHashMap<>();
        if (conf == null) {
            return new Split(storm, shipped);
        }
        for (Map.Entry<String, Object> e : conf.entrySet()) {
            String key = e.getKey();
            Object value = e.getValue();
            if (!(value == null || value instanceof Serializable)) {
                throw new InvalidTopologyException(owner + ": configuration '" + key + "' holds a "
                        + value.getClass().getName() + ", which can reach Storm's workers neither as JSON nor"
                        + " Java-serialized: use a JSON value (number, string, boolean, list, map) or a Serializable one");
            }
            if (ENGINE_ONLY.contains(key)) {
                LOG.info("{}: '{}' tunes Gale's embedded engine and has no effect on Storm", owner, key);
            }
            Object json = json(value);
            if (json == NOT_JSON) {
                shipped.put(key, value);
            } else if (GALE_ONLY.contains(key)) {
                shipped.put(key, json);
            } else {
                storm.put(key, json);
            }
        }
        return new Split(storm, shipped);
    }

    private static final Object NOT_JSON = new Object();

    /** A value as Gale's engine shows it to components (whole numbers Long, decimals Double), else as it is. */
    static Object typed(Object v) {
        Object j = json(v);
        return j == NOT_JSON ? v : j;
    }

    /** The value as Storm's JSON round trip gives it back, or {@link #NOT_JSON}. */
    static Object json(Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Double) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float f) {
            return Double.parseDouble(f.toString()); // 0.1f -> 0.1, as its JSON text reads back
        }
        if (v instanceof Character c) {
            return c.toString();
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                Object j = json(o);
                if (j == NOT_JSON) {
                    return NOT_JSON;
                }
                out.add(j);
            }
            return out;
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object j = json(e.getValue());
                if (j == NOT_JSON) {
                    return NOT_JSON;
                }
                out.put(String.valueOf(e.getKey()), j);
            }
            return out;
        }
        return NOT_JSON;
    }
}
