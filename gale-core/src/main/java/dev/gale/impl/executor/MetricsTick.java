package dev.gale.impl.executor;

/**
 * The end of one metrics v1 time bucket for the tasks of one executor, queued as a control
 * message so that the metrics are read on the executor's own thread (see {@link MetricsTicks}).
 * Immutable; made on the timer's thread, run on the executor's.
 */
final class MetricsTick {
    private final MetricsTicks ticks;
    private final int bucketSecs;
    private final long dueNanos;

    MetricsTick(MetricsTicks ticks, int bucketSecs, long dueNanos) {
        this.ticks = ticks;
        this.bucketSecs = bucketSecs;
        this.dueNanos = dueNanos;
    }

    void run() {
        ticks.tick(bucketSecs, dueNanos);
    }

    @Override
    public String toString() {
        return "metrics tick(" + bucketSecs + "s)";
    }
}
