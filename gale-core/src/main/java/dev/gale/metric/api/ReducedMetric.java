package dev.gale.metric.api;

/**
 * A metric whose values are folded by an {@link IReducer} over each bucket (e.g. a
 * {@link MeanReducer}: the bucket's mean). Not thread-safe: update it on the task's own thread.
 */
public class ReducedMetric implements IMetric {
    @SuppressWarnings("rawtypes")
    private final IReducer reducer;
    private Object accumulator;

    @SuppressWarnings("rawtypes")
    public ReducedMetric(IReducer reducer) {
        this.reducer = reducer;
        this.accumulator = reducer.init();
    }

    @SuppressWarnings("unchecked")
    public void update(Object value) {
        accumulator = reducer.reduce(accumulator, value);
    }

    @SuppressWarnings("unchecked")
    @Override
    public Object getValueAndReset() {
        Object ret = reducer.extractResult(accumulator);
        accumulator = reducer.init();
        return ret;
    }
}
