package dev.gale.topology.base;

import dev.gale.Config;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IWindowedBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TupleFieldTimestampExtractor;
import dev.gale.windowing.TimestampExtractor;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A windowed bolt to extend: its builder methods set the window in the component configuration
 * ({@code withWindow}, {@code withTumblingWindow}, event time with {@code withTimestampField} or
 * {@code withTimestampExtractor}, {@code withLag}, {@code withWatermarkInterval},
 * {@code withLateTupleStream}, and Gale's {@code withMaxEventsInMemory}). Configure it before the
 * topology is built; not thread-safe.
 */
public abstract class BaseWindowedBolt implements IWindowedBolt {
    private static final long serialVersionUID = 1L;
    /** The slide of a window given only a length: one evaluation per tuple. */
    private static final Setting EVERY_TUPLE = new Setting(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, 1);

    /** The window's settings; read when the topology is built (each task reads them from its configuration). */
    protected final transient Map<String, Object> windowConfiguration;
    protected TimestampExtractor timestampExtractor;

    protected BaseWindowedBolt() {
        windowConfiguration = new HashMap<>();
    }

    /** One window setting: a configuration key and its value, checked when it is made. Immutable. */
    private record Setting(String key, int value) {
        /** @param name what the user set, for the errors: "Window length" or "Sliding interval" */
        static Setting of(String key, String name, Object given, int value) {
            if (value <= 0) {
                throw new IllegalArgumentException(name + " must be positive [" + given + "]");
            }
            return new Setting(key, value);
        }
    }

    private static Setting length(Count count) {
        notNull(count, "Window length count");
        return Setting.of(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT, "Window length", count, count.value);
    }

    private static Setting length(Duration duration) {
        notNull(duration, "Window length duration");
        return Setting.of(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS, "Window length", duration, duration.value);
    }

    private static Setting slide(Count count) {
        notNull(count, "Sliding interval count");
        return Setting.of(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, "Sliding interval", count, count.value);
    }

    private static Setting slide(Duration duration) {
        notNull(duration, "Sliding interval duration");
        return Setting.of(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS, "Sliding interval", duration, duration.value);
    }

    private static void notNull(Object setting, String name) {
        if (setting == null) {
            throw new IllegalArgumentException(name + " cannot be set null");
        }
    }

    /** Sets the window's length and slide, both checked before either is set. */
    private BaseWindowedBolt window(Setting length, Setting slide) {
        return configure(length.key(), length.value()).configure(slide.key(), slide.value());
    }

    /** Sets one key of the component configuration; for the stateful subclass too. */
    BaseWindowedBolt configure(String key, Object value) {
        windowConfiguration.put(key, value);
        return this;
    }

    /** The last {@code windowLength} tuples, evaluated every {@code slidingInterval} tuples. */
    public BaseWindowedBolt withWindow(Count windowLength, Count slidingInterval) {
        return window(length(windowLength), slide(slidingInterval));
    }

    /** The last {@code windowLength} tuples, evaluated every {@code slidingInterval} of time. */
    public BaseWindowedBolt withWindow(Count windowLength, Duration slidingInterval) {
        return window(length(windowLength), slide(slidingInterval));
    }

    /** The tuples of the last {@code windowLength} of time, evaluated every {@code slidingInterval} tuples. */
    public BaseWindowedBolt withWindow(Duration windowLength, Count slidingInterval) {
        return window(length(windowLength), slide(slidingInterval));
    }

    /** The tuples of the last {@code windowLength} of time, evaluated every {@code slidingInterval} of time. */
    public BaseWindowedBolt withWindow(Duration windowLength, Duration slidingInterval) {
        return window(length(windowLength), slide(slidingInterval));
    }

    /** The last {@code windowLength} tuples, evaluated at every tuple. */
    public BaseWindowedBolt withWindow(Count windowLength) {
        return window(length(windowLength), EVERY_TUPLE);
    }

    /** The tuples of the last {@code windowLength} of time, evaluated at every tuple. */
    public BaseWindowedBolt withWindow(Duration windowLength) {
        return window(length(windowLength), EVERY_TUPLE);
    }

    /** Consecutive windows of {@code count} tuples, each tuple in exactly one. */
    public BaseWindowedBolt withTumblingWindow(Count count) {
        return window(length(count), slide(count));
    }

    /** Consecutive windows of {@code duration}, each tuple in exactly one. */
    public BaseWindowedBolt withTumblingWindow(Duration duration) {
        return window(length(duration), slide(duration));
    }

    /**
     * Windows by event time, read from the field {@code fieldName} of each tuple: a {@code Long} of
     * milliseconds. A tuple without it fails, with an error naming the field.
     */
    public BaseWindowedBolt withTimestampField(String fieldName) {
        TimestampExtractor fieldReader = TupleFieldTimestampExtractor.of(fieldName);
        return withTimestampExtractor(fieldReader);
    }

    /** Windows by event time, read from each tuple by {@code extractor}. */
    public BaseWindowedBolt withTimestampExtractor(TimestampExtractor extractor) {
        if (extractor == null) {
            throw new IllegalArgumentException("Timestamp extractor cannot be set to null");
        }
        if (timestampExtractor != null) {
            throw new IllegalArgumentException("Window is already configured with a timestamp extractor: " + extractor);
        }
        timestampExtractor = extractor;
        return this;
    }

    @Override
    public TimestampExtractor getTimestampExtractor() {
        return timestampExtractor;
    }

    /**
     * By event time: tuples that come too late for their window (older than the watermark) are
     * emitted on {@code streamId} instead of dropped, each as the one field
     * {@link dev.gale.topology.WindowedBoltExecutor#LATE_TUPLE_FIELD} holding the late tuple itself,
     * anchored to it. Needs a timestamp field or extractor; the stream is declared for you.
     */
    public BaseWindowedBolt withLateTupleStream(String streamId) {
        if (streamId == null) {
            throw new IllegalArgumentException("Cannot set late tuple stream id to null");
        }
        return configure(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM, streamId);
    }

    /**
     * By event time: how far out of order tuples may come. The watermark stays this far behind the
     * latest timestamps, so a tuple at most this much older than one before it is still in time.
     */
    public BaseWindowedBolt withLag(Duration duration) {
        return configure(Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS, duration.value);
    }

    /** By event time: how often the watermark is moved on (default one second of the topology's clock). */
    public BaseWindowedBolt withWatermarkInterval(Duration interval) {
        if (interval == null) {
            throw new IllegalArgumentException("Watermark interval cannot be set null");
        }
        return configure(Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS, interval.value);
    }

    /**
     * Gale addition (Storm has it for persistent windows only): at most {@code maxEventsInMemory}
     * tuples held per task. While a task's window holds that many, each new input is failed at once
     * instead of added (its spout replays it, if it replays; an input emitted without a message id is
     * lost), and a WARN says so; input is taken again once tuples have left the window. Unset, a
     * window holds whatever its length takes in; with acking, the spouts' max pending bounds that.
     *
     * @throws IllegalArgumentException if not positive
     */
    public BaseWindowedBolt withMaxEventsInMemory(long maxEventsInMemory) {
        if (maxEventsInMemory <= 0) {
            throw new IllegalArgumentException("max events in memory must be positive, got " + maxEventsInMemory);
        }
        return configure(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY, maxEventsInMemory);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return windowConfiguration;
    }

    /** A number of tuples: a window's length or sliding interval. Immutable. */
    public static class Count implements Serializable {
        private static final long serialVersionUID = 1L;
        public final int value;

        public Count(int value) {
            this.value = value;
        }

        public static Count of(int value) {
            return new Count(value);
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o != null && getClass() == o.getClass() && value == ((Count) o).value;
        }

        @Override
        public int hashCode() {
            return value;
        }

        @Override
        public String toString() {
            return "Count{value=" + value + '}';
        }
    }

    /** A span of time, kept in milliseconds: a window's length, sliding interval, lag. Immutable. */
    public static class Duration implements Serializable {
        private static final long serialVersionUID = 1L;
        /** In milliseconds. */
        public final int value;

        /**
         * @throws IllegalArgumentException if negative, or longer than {@link Integer#MAX_VALUE} ms (24.8 days)
         */
        public Duration(int value, TimeUnit timeUnit) {
            if (value < 0) {
                throw new IllegalArgumentException("Duration cannot be negative");
            }
            long millis = timeUnit.toMillis(value);
            if (millis > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("Duration is too long");
            }
            this.value = (int) millis;
        }

        public static Duration of(int milliseconds) {
            return new Duration(milliseconds, TimeUnit.MILLISECONDS);
        }

        public static Duration days(int days) {
            return new Duration(days, TimeUnit.DAYS);
        }

        public static Duration hours(int hours) {
            return new Duration(hours, TimeUnit.HOURS);
        }

        public static Duration minutes(int minutes) {
            return new Duration(minutes, TimeUnit.MINUTES);
        }

        public static Duration seconds(int seconds) {
            return new Duration(seconds, TimeUnit.SECONDS);
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o != null && getClass() == o.getClass() && value == ((Duration) o).value;
        }

        @Override
        public int hashCode() {
            return value;
        }

        @Override
        public String toString() {
            return "Duration{value=" + value + '}';
        }
    }
}
