package dev.gale.topology;

import dev.gale.Config;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A windowed bolt's settings as its configuration holds them (Storm's keys, and their precedence:
 * a count wins over a duration; no slide at all slides with every tuple), each checked for its
 * type with an error naming the key. Immutable.
 */
final class WindowSettings {
    private static final int DEFAULT_WATERMARK_INTERVAL_MS = 1000;

    final Count lengthCount;
    final Duration lengthDuration;
    final Count slideCount;
    final Duration slideDuration;
    /** The stream late tuples go to, or null. */
    final String lateStream;
    final int lagMs;
    final int watermarkIntervalMs;
    /** Gale's bound on the tuples a task holds; 0: none. */
    final long maxEvents;

    private WindowSettings(Map<String, Object> conf) {
        lengthCount = count(conf, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT);
        lengthDuration = lengthCount != null ? null : duration(conf, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS);
        Count slideBy = count(conf, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT);
        slideDuration = slideBy != null ? null : duration(conf, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS);
        slideCount = slideBy == null && slideDuration == null ? new Count(1) : slideBy;
        lateStream = streamId(conf.get(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM));
        lagMs = intOr(conf, Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS, 0);
        watermarkIntervalMs = intOr(conf, Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS, DEFAULT_WATERMARK_INTERVAL_MS);
        maxEvents = positiveLongOrZero(conf.get(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY));
    }

    /** @throws IllegalArgumentException naming the key, if a setting has the wrong type */
    static WindowSettings of(Map<String, Object> conf) {
        return new WindowSettings(conf);
    }

    private static Count count(Map<String, Object> conf, String key) {
        return conf.containsKey(key) ? new Count(number(conf, key)) : null;
    }

    private static Duration duration(Map<String, Object> conf, String key) {
        return conf.containsKey(key) ? new Duration(number(conf, key), TimeUnit.MILLISECONDS) : null;
    }

    private static int intOr(Map<String, Object> conf, String key, int absent) {
        return conf.containsKey(key) ? number(conf, key) : absent;
    }

    private static int number(Map<String, Object> conf, String key) {
        if (conf.get(key) instanceof Number n) {
            return n.intValue();
        }
        throw new IllegalArgumentException(key + " must be a number, got " + conf.get(key));
    }

    private static String streamId(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM + " must be a stream id, got " + value);
    }

    private static long positiveLongOrZero(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof Number n && n.longValue() > 0) {
            return n.longValue();
        }
        throw new IllegalArgumentException(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY + " must be a positive number, got " + value);
    }
}
