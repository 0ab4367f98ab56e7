package dev.gale.windowing;

/**
 * What an {@link EvictionPolicy} judges events against at one evaluation of the window, set by the
 * trigger policy. Implementations are immutable.
 */
public interface EvictionContext {
    /** The reference time in milliseconds: the evaluation's time, or by event time its watermark. */
    Long getReferenceTime();

    /** The sliding interval as a count, for count windows by event time; else null. */
    Long getSlidingCount();

    /** The sliding interval in milliseconds, for time triggers; else null. */
    Long getSlidingInterval();

    /** How many events are at or before the reference time, for count windows by event time; else null. */
    Long getCurrentCount();
}
