package dev.gale.metric.api;

/**
 * A counter reset at every bucket: reports how many times it was incremented in the bucket. Not
 * thread-safe: update it on the task's own thread (where the engine also reads it).
 */
public class CountMetric implements IMetric {
    private long value;

    public CountMetric() {
    }

    public void incr() {
        value++;
    }

    public void incrBy(long incrementBy) {
        value += incrementBy;
    }

    /** The count of the bucket (a {@code Long}), then zero. */
    @Override
    public Object getValueAndReset() {
        long ret = value;
        value = 0;
        return ret;
    }
}
