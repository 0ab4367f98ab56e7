package dev.gale.stats;

/**
 * A latency distribution summarised in milliseconds. Immutable.
 *
 * @param count number of samples
 */
public record LatencySummary(long count, double meanMs, double p50Ms, double p99Ms, double p999Ms, double maxMs) {

    /** No samples. */
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0);
}
