package dev.gale.metric.api;

/** Something whose state a {@link StateMetric} reports at every bucket; read on the task's thread. */
public interface IStatefulObject {
    Object getState();
}
