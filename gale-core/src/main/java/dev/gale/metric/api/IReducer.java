package dev.gale.metric.api;

/**
 * Folds the values given to a {@link ReducedMetric} during a bucket into one result. Called on
 * the thread that updates the metric and on the task's thread when the bucket ends.
 *
 * @param <T> the accumulator
 */
public interface IReducer<T> {

    /** A fresh accumulator, at the start of every bucket. */
    T init();

    /** Adds one value; may return the same accumulator, changed. */
    T reduce(T accumulator, Object input);

    /** The bucket's result; {@code null} reports nothing. */
    Object extractResult(T accumulator);
}
