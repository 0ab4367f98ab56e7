package dev.gale.utils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Small helpers that storm-starter code uses. Stateless and thread-safe. */
public final class Utils {
    /** The stream a component emits on unless it names another. */
    public static final String DEFAULT_STREAM_ID = "default";

    private Utils() {
    }

    /** Sleeps real time (not the topology's clock); returns early, interrupt flag set, if interrupted. */
    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A mutable list of the values. */
    public static List<Object> tuple(Object... values) {
        return new ArrayList<>(Arrays.asList(values));
    }
}
