package dev.gale.storm.bridge.internal;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricSet;
import com.codahale.metrics.Timer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.storm.generated.NodeInfo;
import org.apache.storm.hooks.ITaskHook;
import org.apache.storm.metric.api.IMetric;
import org.apache.storm.task.TopologyContext;

/**
 * The {@code org.apache.storm.task.TopologyContext} a Storm component sees when Gale runs it: the
 * topology, tasks and streams of the Gale task it belongs to, with metrics registered into Gale's
 * (metrics v1 as Gale metrics of the same name and bucket, metrics v2 in Gale's registry), so they
 * reach Gale's metrics consumers, {@code /metrics} and the UI. What only a Storm worker has (its
 * shared executor, task hooks, the cluster's node maps) is refused with a message naming the
 * component and the call. Used on the task's own thread, like Storm's.
 */
public final class StormContextView extends TopologyContext {
    private final dev.gale.task.TopologyContext gale;
    private final Map<String, IMetric> metrics = new HashMap<>();

    private StormContextView(dev.gale.task.TopologyContext gale, Map<String, Object> conf, StormTopologyView view) {
        super(view.topology, conf, view.taskToComponent, view.componentTasks, view.streamFields, new HashMap<>(),
            gale.getStormId(), gale.getCodeDir(), gale.getPIDDir(), gale.getThisTaskId(), gale.getThisWorkerPort(),
            gale.getThisWorkerTasks(), new HashMap<>(), new HashMap<>(), new HashMap<>(), new HashMap<>(),
            new AtomicBoolean(false), null);
        this.gale = gale;
    }

    /** Storm's context for the Gale task {@code gale}, with the topology configuration {@code conf}. */
    public static StormContextView of(dev.gale.task.TopologyContext gale, Map<String, Object> conf) {
        StormConfigClasses.load();
        return new StormContextView(gale, conf, new StormTopologyView(gale));
    }

    /** The Gale context behind this view. */
    public dev.gale.task.TopologyContext gale() {
        return gale;
    }

    /** Gale already checked the topology at submit; Storm's per-tuple schema check would only cost. */
    @Override
    public boolean doSanityCheck() {
        return false;
    }

    @Override
    public int maxTopologyMessageTimeout() {
        return gale.maxTopologyMessageTimeout();
    }

    @Override
    public Object getResource(String name) {
        return gale.getResource(name);
    }

    @Override
    public <T extends IMetric> T registerMetric(String name, T metric, int timeBucketSizeInSecs) {
        gale.registerMetric(name, (dev.gale.metric.api.IMetric) metric::getValueAndReset, timeBucketSizeInSecs);
        metrics.put(name, metric);
        return metric;
    }

    @Override
    public IMetric getRegisteredMetricByName(String name) {
        return metrics.get(name);
    }

    @Override
    public Timer registerTimer(String name) {
        return gale.registerTimer(name);
    }

    @Override
    public Histogram registerHistogram(String name) {
        return gale.registerHistogram(name);
    }

    @Override
    public Meter registerMeter(String name) {
        return gale.registerMeter(name);
    }

    @Override
    public Counter registerCounter(String name) {
        return gale.registerCounter(name);
    }

    @Override
    public <T> Gauge<T> registerGauge(String name, Gauge<T> gauge) {
        return gale.registerGauge(name, gauge);
    }

    @Override
    public void registerMetricSet(String prefix, MetricSet set) {
        gale.registerMetricSet(prefix, set);
    }

    @Override
    public void addTaskHook(ITaskHook hook) {
        throw unsupported("TopologyContext.addTaskHook");
    }

    @Override
    public ExecutorService getSharedExecutor() {
        throw unsupported("WorkerTopologyContext.getSharedExecutor");
    }

    @Override
    public AtomicReference<Map<Integer, NodeInfo>> getTaskToNodePort() {
        throw unsupported("WorkerTopologyContext.getTaskToNodePort");
    }

    @Override
    public AtomicReference<Map<String, String>> getNodeToHost() {
        throw unsupported("WorkerTopologyContext.getNodeToHost");
    }

    private UnsupportedOperationException unsupported(String call) {
        return new UnsupportedOperationException(gale.getThisComponentId() + "[" + gale.getThisTaskId() + "] calls "
            + call + ", which only a Storm worker has; gale-storm-bridge cannot run this component:"
                + " use a component that does without it, or run the topology on Apache Storm itself");
    }
}
