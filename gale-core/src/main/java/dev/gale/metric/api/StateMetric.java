package dev.gale.metric.api;

/** Reports an {@link IStatefulObject}'s state at every bucket. As thread-safe as the object's {@code getState}. */
public class StateMetric implements IMetric {
    private final IStatefulObject obj;

    public StateMetric(IStatefulObject obj) {
        this.obj = obj;
    }

    @Override
    public Object getValueAndReset() {
        return obj.getState();
    }
}
