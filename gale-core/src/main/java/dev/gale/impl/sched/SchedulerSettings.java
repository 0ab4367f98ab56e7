package dev.gale.impl.sched;

import dev.gale.Config;
import dev.gale.impl.topology.GaleDefaults;
import dev.gale.utils.ConfigValues;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How a topology's executors are scheduled, read from its configuration so that a bad value fails
 * the submit naming the key. Immutable.
 */
public record SchedulerSettings(int threads, IdleStrategy idle, long blockedNanos, long stepSeed, boolean pipelinePlacement,
                                boolean balance, long shuffleNanos) {

    public static SchedulerSettings from(Map<String, Object> conf) {
        int threads = ConfigValues.getNonNegativeInt(conf, Config.GALE_SCHEDULER_THREADS,
                Runtime.getRuntime().availableProcessors());
        Object idleName = conf.get(Config.GALE_SCHEDULER_IDLE);
        IdleStrategy idle;
        try {
            idle = IdleStrategy.named(idleName == null ? GaleDefaults.stringValue(Config.GALE_SCHEDULER_IDLE)
                    : idleName.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration '" + Config.GALE_SCHEDULER_IDLE + "': " + e.getMessage(), e);
        }
        int blockedMs = ConfigValues.getNonNegativeInt(conf, Config.GALE_SCHEDULER_BLOCKED_MS,
                GaleDefaults.intValue(Config.GALE_SCHEDULER_BLOCKED_MS));
        Object seed = conf.get(Config.GALE_SCHEDULER_STEP_SEED);
        long stepSeed;
        if (seed == null) {
            stepSeed = GaleDefaults.intValue(Config.GALE_SCHEDULER_STEP_SEED);
        } else if (seed instanceof Number) {
            stepSeed = ((Number) seed).longValue();
        } else {
            try {
                stepSeed = Long.parseLong(seed.toString().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("configuration '" + Config.GALE_SCHEDULER_STEP_SEED
                        + "' must be a whole number, got '" + seed + "'", e);
            }
        }
        Object placement = conf.get(Config.GALE_SCHEDULER_PLACEMENT);
        String place = placement == null ? GaleDefaults.stringValue(Config.GALE_SCHEDULER_PLACEMENT)
                : placement.toString();
        if (!place.equals("round-robin") && !place.equals("pipeline")) {
            throw new IllegalArgumentException("configuration '" + Config.GALE_SCHEDULER_PLACEMENT
                    + "' must be round-robin or pipeline, got '" + place + "'");
        }
        boolean balance = ConfigValues.getBoolean(conf, Config.GALE_SCHEDULER_BALANCE,
                GaleDefaults.booleanValue(Config.GALE_SCHEDULER_BALANCE));
        int shuffleMs = ConfigValues.getNonNegativeInt(conf, Config.GALE_SCHEDULER_SHUFFLE_MS,
                GaleDefaults.intValue(Config.GALE_SCHEDULER_SHUFFLE_MS));
        return new SchedulerSettings(threads, idle, TimeUnit.MILLISECONDS.toNanos(blockedMs), stepSeed,
                place.equals("pipeline"), balance, TimeUnit.MILLISECONDS.toNanos(shuffleMs));
    }
}
