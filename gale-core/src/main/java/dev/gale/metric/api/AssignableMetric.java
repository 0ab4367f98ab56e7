package dev.gale.metric.api;

/**
 * A metric holding the last value assigned to it, reported at every bucket and never reset (a
 * gauge); {@code null} reports nothing. Not thread-safe: set it on the task's own thread.
 */
public class AssignableMetric implements IMetric {
    private Object value;

    public AssignableMetric(Object value) {
        this.value = value;
    }

    public void setValue(Object value) {
        this.value = value;
    }

    @Override
    public Object getValueAndReset() {
        return value;
    }
}
