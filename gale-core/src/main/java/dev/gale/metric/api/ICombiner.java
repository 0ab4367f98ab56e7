package dev.gale.metric.api;

/**
 * Combines the values given to a {@link CombinedMetric} during a bucket, starting from an
 * identity (e.g. a maximum, a sum). Called on the thread that updates the metric.
 *
 * @param <T> the value type
 */
public interface ICombiner<T> {

    /** The value of a bucket with no update (reported as it is). */
    T identity();

    T combine(T a, T b);
}
