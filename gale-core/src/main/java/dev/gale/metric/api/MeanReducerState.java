package dev.gale.metric.api;

/** The running count and sum of a {@link MeanReducer}. Not thread-safe. */
class MeanReducerState {
    public int count = 0;
    public double sum = 0.0;
}
