package dev.gale.metric.api;

/**
 * A metric whose values are combined by an {@link ICombiner} over each bucket, starting from its
 * identity. Not thread-safe: update it on the task's own thread.
 */
public class CombinedMetric implements IMetric {
    @SuppressWarnings("rawtypes")
    private final ICombiner combiner;
    private Object value;

    @SuppressWarnings("rawtypes")
    public CombinedMetric(ICombiner combiner) {
        this.combiner = combiner;
        this.value = combiner.identity();
    }

    @SuppressWarnings("unchecked")
    public void update(Object value) {
        this.value = combiner.combine(this.value, value);
    }

    @Override
    public Object getValueAndReset() {
        Object ret = value;
        value = combiner.identity();
        return ret;
    }
}
