package dev.gale.storm.internal;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricSet;
import com.codahale.metrics.Timer;
import dev.gale.hooks.ITaskHook;
import dev.gale.metric.api.IMetric;
import dev.gale.stats.UserMetrics;
import dev.gale.task.TaskTimer;
import dev.gale.task.TopologyContext;
import dev.gale.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Gale {@link TopologyContext} a wrapped spout or bolt is given on Storm: the topology's
 * facts from a {@link StormTopologyView}, the task's data, executor data, worker resources and
 * metrics (v2) are Storm's own, so Storm's UI and metrics reporters see them. The clock is the
 * wall clock (Storm has no other). Task hooks added here are Gale's; {@link HookBridge} tells
 * them of the task's events. Use it on the task's thread, as Storm's.
 */
public final class StormBackedContext extends TopologyContext {
    private final org.apache.storm.task.TopologyContext storm;
    private final HookBridge hooks;

    public StormBackedContext(StormTopologyView view, Map<String, Object> conf, org.apache.storm.task.TopologyContext storm,
                              TaskTimer timer, HookBridge.Reporter reporter) {
        super(view, conf, storm.getThisTaskId(), Clock.system(), new StormResources(storm::getResource, null),
                new HashMap<>(), new UserMetrics(), timer);
        this.storm = storm;
        this.hooks = new HookBridge(this, view, reporter);
    }

    /**
     * Gale's checks (null, bucket, a name used twice), then registered with Storm, which reads it
     * every bucket and sends its value to the topology's Storm metrics consumers, and refuses it
     * after {@code open}/{@code prepare}, as Gale's engine does.
     */
    @Override
    public <T extends IMetric> T registerMetric(String name, T metric, int timeBucketSizeInSecs) {
        T registered = super.registerMetric(name, metric, timeBucketSizeInSecs);
        org.apache.storm.metric.api.IMetric onStorm = registered::getValueAndReset;
        storm.registerMetric(name, onStorm, timeBucketSizeInSecs);
        return registered;
    }

    /**
     * The bolt task's timer; handing it out makes the bolt's {@code execute} take the lock its calls
     * take ({@link ExecuteLock}).
     */
    @Override
    public TaskTimer getTaskTimer() {
        TaskTimer timer = super.getTaskTimer();
        if (timer instanceof WorkerTaskTimer w) {
            w.handedOut();
        }
        return timer;
    }

    /** Storm's worker port. */
    @Override
    public Integer getThisWorkerPort() {
        return storm.getThisWorkerPort();
    }

    /** The worker's copy of the topology jar's {@code resources/}, as Storm says. */
    @Override
    public String getCodeDir() {
        return storm.getCodeDir();
    }

    /** Storm's pid directory of the worker. */
    @Override
    public String getPIDDir() {
        return storm.getPIDDir();
    }

    /** The Storm context behind this one. */
    public org.apache.storm.task.TopologyContext storm() {
        return storm;
    }

    /** Adds a Gale hook; the first one also hooks this task's events in Storm (none are built before). */
    @Override
    public void addTaskHook(ITaskHook hook) {
        super.addTaskHook(hook);
        hooks.attach(storm);
    }

    /** Tells the Gale hooks the task stops (Storm's cleanup of its own hooks does it too, once). */
    public void cleanupHooks() {
        hooks.cleanup();
    }

    @Override
    public List<Integer> getThisWorkerTasks() {
        return storm.getThisWorkerTasks();
    }

    @Override
    public void setTaskData(String name, Object data) {
        storm.setTaskData(name, data);
    }

    @Override
    public Object getTaskData(String name) {
        return storm.getTaskData(name);
    }

    @Override
    public void setExecutorData(String name, Object data) {
        storm.setExecutorData(name, data);
    }

    @Override
    public Object getExecutorData(String name) {
        return storm.getExecutorData(name);
    }

    @Override
    public Timer registerTimer(String name) {
        return storm.registerTimer(name);
    }

    @Override
    public Histogram registerHistogram(String name) {
        return storm.registerHistogram(name);
    }

    @Override
    public Meter registerMeter(String name) {
        return storm.registerMeter(name);
    }

    @Override
    public Counter registerCounter(String name) {
        return storm.registerCounter(name);
    }

    @Override
    public <T> Gauge<T> registerGauge(String name, Gauge<T> gauge) {
        return storm.registerGauge(name, gauge);
    }

    @Override
    public void registerMetricSet(String prefix, MetricSet set) {
        storm.registerMetricSet(prefix, set);
    }
}
