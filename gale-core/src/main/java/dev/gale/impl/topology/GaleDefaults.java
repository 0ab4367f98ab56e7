package dev.gale.impl.topology;

import dev.gale.Config;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The defaults of Gale's own {@code gale.*} keys that the engine reads, the one table of them:
 * the settings records ({@link TopologySettings}, {@link ComponentSettings}, the scheduler's)
 * take an unset key's value from here. A sibling of {@link StormDefaults} rather than part of it
 * because that table is Storm's {@code defaults.yaml} and is also what components see under the
 * submitted configuration (and what {@code Utils.readDefaultConfig} returns): Gale's keys added
 * there would show up in every component's configuration, unlike on Storm. A key whose default
 * is worked out when it is read is present with null, saying where. The {@code gale.*} keys read
 * by public, Storm-shaped classes (multilang, state, windows, checkpoints) keep their default as
 * a named constant next to the reading code, since those classes do not reach into the engine's
 * internals. Immutable and thread-safe.
 */
public final class GaleDefaults {
    private static final Map<String, Object> DEFAULTS = build();

    private GaleDefaults() {
    }

    /** The defaults, unmodifiable (null values included). */
    public static Map<String, Object> engine() {
        return DEFAULTS;
    }

    /** The default of {@code key}, a whole number in the table. */
    public static int intValue(String key) {
        return ((Number) value(key)).intValue();
    }

    /** The default of {@code key}, true or false in the table. */
    public static boolean booleanValue(String key) {
        return (Boolean) value(key);
    }

    /** The default of {@code key}, a name in the table. */
    public static String stringValue(String key) {
        return (String) value(key);
    }

    private static Object value(String key) {
        Object v = DEFAULTS.get(key);
        if (v == null) {
            throw new IllegalArgumentException("'" + key + "' has no fixed default in Gale's table");
        }
        return v;
    }

    private static Map<String, Object> build() {
        Map<String, Object> m = new HashMap<>();
        m.put(Config.GALE_PENDING_BUCKETS, 5);
        m.put(Config.GALE_SPOUT_IDLE_MAX_MS, 40);
        // true when topology.max.spout.pending is unset, false when it is set (see ComponentSettings.PendingSpec).
        m.put(Config.GALE_SPOUT_PENDING_ADAPTIVE, null);
        // the number of cores of the machine it runs on (see SchedulerSettings).
        m.put(Config.GALE_SCHEDULER_THREADS, null);
        m.put(Config.GALE_SCHEDULER_IDLE, "backoff");
        m.put(Config.GALE_SCHEDULER_BLOCKED_MS, 100);
        m.put(Config.GALE_SCHEDULER_STEP_SEED, 0);
        m.put(Config.GALE_SCHEDULER_PLACEMENT, "round-robin");
        m.put(Config.GALE_SCHEDULER_BALANCE, Boolean.TRUE);
        m.put(Config.GALE_SCHEDULER_SHUFFLE_MS, 0);
        m.put(Config.GALE_SCHEDULER_INLINE, Boolean.FALSE);
        m.put(Config.GALE_EXECUTOR_OWN_THREAD, Boolean.FALSE);
        m.put(Config.GALE_TRACE_SAMPLE, 0);
        return Collections.unmodifiableMap(m);
    }
}
