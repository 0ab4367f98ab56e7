package dev.gale.windowing;

import dev.gale.tuple.Tuple;
import java.io.Serializable;

/**
 * Reads a tuple's event time, for windows by event time. Serializable: each task gets a copy.
 * Called on the bolt's thread only.
 */
public interface TimestampExtractor extends Serializable {
    /** The time in milliseconds at which the event the tuple carries happened. */
    long extractTimestamp(Tuple tuple);
}
