package dev.gale.impl.topology;

import dev.gale.Config;
import dev.gale.utils.ConfigValues;
import java.util.Map;

/**
 * The topology-wide settings the runtime needs, read once from the submitted configuration so a
 * bad value fails the submit with a message naming the key; a Storm key that is unset takes its
 * default from {@link StormDefaults}, the one table of them, and a Gale key from
 * {@link GaleDefaults}. Immutable.
 */
public record TopologySettings(int messageTimeoutSecs, int ackers, int pendingBuckets, int receiveQueueSize,
                               long spoutIdleMaxNanos, boolean messageTimeouts, boolean inline, int traceSample) {

    /** The acker packs a tree's age into a few bits (see PendingTrees); more buckets than this would not fit. */
    public static final int MAX_PENDING_BUCKETS = 126;

    public static TopologySettings from(Map<String, Object> conf) {
        int timeout = ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS,
                StormDefaults.intValue(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS));
        // Storm's default is null, one acker per worker: Gale runs a topology as one worker.
        int ackers = ConfigValues.getNonNegativeInt(conf, Config.TOPOLOGY_ACKER_EXECUTORS, 1);
        int buckets = ConfigValues.getInt(conf, Config.GALE_PENDING_BUCKETS,
                GaleDefaults.intValue(Config.GALE_PENDING_BUCKETS));
        if (buckets < 2 || buckets > MAX_PENDING_BUCKETS) {
            throw new IllegalArgumentException("configuration '" + Config.GALE_PENDING_BUCKETS
                    + "' must be between 2 and " + MAX_PENDING_BUCKETS + ", got " + buckets);
        }
        int queue = ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE,
                StormDefaults.intValue(Config.TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE));
        int idleMs = ConfigValues.getPositiveInt(conf, Config.GALE_SPOUT_IDLE_MAX_MS,
                GaleDefaults.intValue(Config.GALE_SPOUT_IDLE_MAX_MS));
        // false: trees never time out, they complete or fail only (Storm's meaning); true by default.
        boolean timeouts = ConfigValues.getBoolean(conf, Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS,
                StormDefaults.booleanValue(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS));
        boolean inline = ConfigValues.getBoolean(conf, Config.GALE_SCHEDULER_INLINE,
                GaleDefaults.booleanValue(Config.GALE_SCHEDULER_INLINE));
        // 1 in N tuple trees traced; 0 (the default): tracing off.
        int traceSample = ConfigValues.getNonNegativeInt(conf, Config.GALE_TRACE_SAMPLE,
                GaleDefaults.intValue(Config.GALE_TRACE_SAMPLE));
        return new TopologySettings(timeout, ackers, buckets, Math.max(16, queue), idleMs * 1_000_000L, timeouts,
                inline, traceSample);
    }

    /**
     * How often the spouts' and ackers' pending maps rotate: T / (n - 1), rounded up. A tree is
     * failed n - 1 to n periods after its emit; rounding down could make n - 1 periods a few
     * nanoseconds shorter than T, while rounding up only stretches the upper bound by under n ns.
     */
    public long rotationPeriodNanos() {
        return -Math.floorDiv(-messageTimeoutSecs * 1_000_000_000L, pendingBuckets - 1);
    }
}
