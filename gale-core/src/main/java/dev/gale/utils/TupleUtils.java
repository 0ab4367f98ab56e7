package dev.gale.utils;

import dev.gale.Constants;
import dev.gale.tuple.Tuple;

/** Helpers for inspecting tuples. Stateless and thread-safe. */
public final class TupleUtils {
    private TupleUtils() {
    }

    /** True for a tick tuple: from the system component on the tick stream. */
    public static boolean isTick(Tuple tuple) {
        return tuple != null
                && Constants.SYSTEM_COMPONENT_ID.equals(tuple.getSourceComponent())
                && Constants.SYSTEM_TICK_STREAM_ID.equals(tuple.getSourceStreamId());
    }
}
