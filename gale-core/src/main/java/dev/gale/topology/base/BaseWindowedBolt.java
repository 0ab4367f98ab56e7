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

    /** The window's settings; read when the topology is built (each task reads them from its configuration). */
    protected final transient Map<String, Object> windowConfiguration;
    protected TimestampExtractor timestampExtractor;

    protected BaseWindowedBolt() {
        windowConfiguration = new HashMap<>();
    }

    private BaseWindowedBolt withWindowLength(Count count) {
        if (count == null) {
            throw new IllegalArgumentException("Window length count cannot be set null");
        }
        if (count.value <= 0) {
            throw new IllegalArgumentException("Window length must be positive [" + count + "]");
        }
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT, count.value);
        return this;
    }

    private BaseWindowedBolt withWindowLength(Duration duration) {
        if (duration == null) {
            throw new IllegalArgumentException("Window length duration cannot be set null");
        }
        if (duration.value <= 0) {
            throw new IllegalArgumentException("Window length must be positive [" + duration + "]");
        }
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS, duration.value);
        return this;
    }

    private BaseWindowedBolt withSlidingInterval(Count count) {
        if (count == null) {
            throw new IllegalArgumentException("Sliding interval count cannot be set null");
        }
        if (count.value <= 0) {
            throw new IllegalArgumentException("Sliding interval must be positive [" + count + "]");
        }
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, count.value);
        return this;
    }

    private BaseWindowedBolt withSlidingInterval(Duration duration) {
        if (duration == null) {
            throw new IllegalArgumentException("Sliding interval duration cannot be set null");
        }
        if (duration.value <= 0) {
            throw new IllegalArgumentException("Sliding interval must be positive [" + duration + "]");
        }
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS, duration.value);
        return this;
    }

    /** The last {@code windowLength} tuples, evaluated every {@code slidingInterval} tuples. */
    public BaseWindowedBolt withWindow(Count windowLength, Count slidingInterval) {
        return withWindowLength(windowLength).withSlidingInterval(slidingInterval);
    }

    /** The last {@code windowLength} tuples, evaluated every {@code slidingInterval} of time. */
    public BaseWindowedBolt withWindow(Count windowLength, Duration slidingInterval) {
        return withWindowLength(windowLength).withSlidingInterval(slidingInterval);
    }

    /** The tuples of the last {@code windowLength} of time, evaluated every {@code slidingInterval} tuples. */
    public BaseWindowedBolt withWindow(Duration windowLength, Count slidingInterval) {
        return withWindowLength(windowLength).withSlidingInterval(slidingInterval);
    }

    /** The tuples of the last {@code windowLength} of time, evaluated every {@code slidingInterval} of time. */
    public BaseWindowedBolt withWindow(Duration windowLength, Duration slidingInterval) {
        return withWindowLength(windowLength).withSlidingInterval(slidingInterval);
    }

    /** The last {@code windowLength} tuples, evaluated at every tuple. */
    public BaseWindowedBolt withWindow(Count windowLength) {
        return withWindowLength(windowLength).withSlidingInterval(new Count(1));
    }

    /** The tuples of the last {@code windowLength} of time, evaluated at every tuple. */
    public BaseWindowedBolt withWindow(Duration windowLength) {
        return withWindowLength(windowLength).withSlidingInterval(new Count(1));
    }

    /** Consecutive windows of {@code count} tuples, each tuple in exactly one. */
    public BaseWindowedBolt withTumblingWindow(Count count) {
        return withWindowLength(count).withSlidingInterval(count);
    }

    /** Consecutive windows of {@code duration}, each tuple in exactly one. */
    public BaseWindowedBolt withTumblingWindow(Duration duration) {
        return withWindowLength(duration).withSlidingInterval(duration);
    }

    /**
     * Windows by event time, read from the field {@code fieldName} of each tuple: a {@code Long} of
     * milliseconds. A tuple without it fails, with an error naming the field.
     */
    public BaseWindowedBolt withTimestampField(String fieldName) {
        return withTimestampExtractor(TupleFieldTimestampExtractor.of(fieldName));
    }

    /** Windows by event time, read from each tuple by {@code timestampExtractor}. */
    public BaseWindowedBolt withTimestampExtractor(TimestampExtractor timestampExtractor) {
        if (timestampExtractor == null) {
            throw new IllegalArgumentException("Timestamp extractor cannot be set to null");
        }
        if (this.timestampExtractor != null) {
            throw new IllegalArgumentException("Window is already configured with a timestamp extractor: " + timestampExtractor);
        }
        this.timestampExtractor = timestampExtractor;
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
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM, streamId);
        return this;
    }

    /**
     * By event time: how far out of order tuples may come. The watermark stays this far behind the
     * latest timestamps, so a tuple at most this much older than one before it is still in time.
     */
    public BaseWindowedBolt withLag(Duration duration) {
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS, duration.value);
        return this;
    }

    /** By event time: how often the watermark is moved on (default one second of the topology's clock). */
    public BaseWindowedBolt withWatermarkInterval(Duration interval) {
        if (interval == null) {
            throw new IllegalArgumentException("Watermark interval cannot be set null");
        }
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS, interval.value);
        return this;
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
        windowConfiguration.put(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY, maxEventsInMemory);
        return this;
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
