package dev.gale.utils;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.tuple.Tuple;
import java.util.Map;

/** Helpers for inspecting tuples. Stateless and thread-safe. */
public final class TupleUtils {
    private TupleUtils() {
    }

    /** True for a tick tuple: from the system component on the tick stream. */
    public static boolean isTick(Tuple tuple) {
        if (tuple == null) {
            return false;
        }
        String stream = tuple.getSourceStreamId();
        return Constants.SYSTEM_TICK_STREAM_ID.equals(stream) && Constants.SYSTEM_COMPONENT_ID.equals(
                tuple.getSourceComponent());
    }

    /**
     * Asks for tick tuples every {@code tickFreqSecs} seconds in a component's configuration
     * (what a {@code getComponentConfiguration} returns): sets
     * {@link Config#TOPOLOGY_TICK_TUPLE_FREQ_SECS} in {@code conf}, or in a new {@link Config} when
     * {@code conf} is null, and returns that map. A frequency of zero or less leaves the
     * configuration as it is (no ticks), as in Storm.
     */
    public static Map<String, Object> putTickFrequencyIntoComponentConfig(Map<String, Object> conf, int tickFreqSecs) {
        Map<String, Object> target = conf != null ? conf : new Config();
        if (tickFreqSecs <= 0) {
            return target;
        }
        target.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, tickFreqSecs);
        return target;
    }
}
