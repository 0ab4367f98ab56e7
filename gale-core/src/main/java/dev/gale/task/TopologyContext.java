package dev.gale.task;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricSet;
import com.codahale.metrics.Timer;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.hooks.ITaskHook;
import dev.gale.metric.api.CombinedMetric;
import dev.gale.metric.api.ICombiner;
import dev.gale.metric.api.IMetric;
import dev.gale.metric.api.IReducer;
import dev.gale.metric.api.ReducedMetric;
import dev.gale.metrics2.StormMetricRegistry;
import dev.gale.stats.UserMetrics;
import dev.gale.time.Clock;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What one task knows about itself and its topology: its task id, component, streams, sources
 * and targets. Given to {@code open} / {@code prepare}. Also carries the task's hooks and its
 * task and executor data: those are not thread-safe, use them on the task's own thread (as
 * Storm's); the rest is immutable.
 */
public class TopologyContext extends WorkerTopologyContext implements IMetricsContext {
    private final int taskId;
    private final Clock clock;
    private final UserMetrics userMetrics;
    private final List<ITaskHook> hooks = new ArrayList<>();
    private final Map<String, Object> taskData = new HashMap<>();
    private final Map<String, Object> executorData;
    private final TaskTimer taskTimer;
    /** Metrics v1 by bucket size, task and name, as Storm keeps them; filled on the task's thread. */
    private final Map<Integer, Map<Integer, Map<String, IMetric>>> metricsV1;
    /** Set once open/prepare has returned: metrics v1 are refused from then on. */
    private final AtomicBoolean opened;
    private final Map<String, Long> blobVersions;

    public TopologyContext(TopologyView plan, Map<String, Object> topoConf, int taskId) {
        this(plan, topoConf, taskId, Clock.system());
    }

    public TopologyContext(TopologyView plan, Map<String, Object> topoConf, int taskId, Clock clock) {
        this(plan, topoConf, taskId, clock, Collections.synchronizedMap(new HashMap<>()), new HashMap<>());
    }

    /**
     * @param userResources the topology's worker-level user resources, shared, thread-safe
     * @param executorData  shared by the tasks of one executor (one thread)
     */
    public TopologyContext(TopologyView plan, Map<String, Object> topoConf, int taskId, Clock clock,
                           Map<String, Object> userResources, Map<String, Object> executorData) {
        this(plan, topoConf, taskId, clock, userResources, executorData, new UserMetrics());
    }

    /** @param userMetrics where this task's metrics-v2 registrations go: the topology's, shared */
    public TopologyContext(TopologyView plan, Map<String, Object> topoConf, int taskId, Clock clock,
                           Map<String, Object> userResources, Map<String, Object> executorData,
                           UserMetrics userMetrics) {
        this(plan, topoConf, taskId, clock, userResources, executorData, userMetrics, null);
    }

    /** @param taskTimer the task's own timer (see {@link #getTaskTimer()}), or null if it has none */
    public TopologyContext(TopologyView plan, Map<String, Object> topoConf, int taskId, Clock clock,
                           Map<String, Object> userResources, Map<String, Object> executorData,
                           UserMetrics userMetrics, TaskTimer taskTimer) {
        this(plan, topoConf, taskId, clock, userResources, executorData, userMetrics, taskTimer, new HashMap<>(),
                new AtomicBoolean());
    }

    /**
     * @param registeredMetrics where {@link #registerMetric} puts metrics v1, by bucket size in seconds,
     *     task id and name (Storm's layout); the engine reads it once the task is open or prepared,
     *     and from then on reports them every bucket
     * @param openOrPrepareWasCalled set by the engine once {@code open} / {@code prepare} has
     *     returned: registering a metric v1 afterwards is refused, as in Storm
     */
    public TopologyContext(TopologyView plan, Map<String, Object> topoConf, int taskId, Clock clock,
                           Map<String, Object> userResources, Map<String, Object> executorData,
                           UserMetrics userMetrics, TaskTimer taskTimer, Map<Integer,
                           Map<Integer, Map<String, IMetric>>> registeredMetrics, AtomicBoolean openOrPrepareWasCalled) {
        this(plan, topoConf, WorkerFacts.embedded(), Map.of(), taskId, clock, userResources, executorData,
                userMetrics, taskTimer, registeredMetrics, openOrPrepareWasCalled);
    }

    /**
     * Storm's public constructor, as tests and test doubles build a task's context by hand. The
     * topology facts come from {@code topology} and the maps (see {@link GeneralTopologyContext}'s
     * six-argument constructor), the worker's are returned as given (see
     * {@link WorkerTopologyContext}'s twelve-argument one). The context then behaves as a running
     * task's: metrics v1 go to {@code registeredMetrics} until {@code openOrPrepareWasCalled} is
     * set, metrics v2 to {@code metricRegistry}, hooks, task and executor data are kept. It runs
     * on the system clock and has no task timer. Null maps, flag or registry stand for new, empty
     * ones; {@code defaultResources} has no use in Gale.
     *
     * @param blobToLastKnownVersion what {@link #getBlobToLastKnownVersion()} returns
     */
    public TopologyContext(StormTopology topology, Map<String, Object> topoConf, Map<Integer, String> taskToComponent,
                           Map<String, List<Integer>> componentTasks,
                           Map<String, Map<String, Fields>> componentFields,
                           Map<String, Long> blobToLastKnownVersion, String stormId, String codeDir, String pidDir,
                           Integer taskId, Integer workerPort, List<Integer> workerTasks,
                           Map<String, Object> defaultResources, Map<String, Object> userResources,
                           Map<String, Object> executorData, Map<Integer, Map<Integer, Map<String, IMetric>>> registeredMetrics,
                           AtomicBoolean openOrPrepareWasCalled, StormMetricRegistry metricRegistry) {
        this(new GivenTopologyView(topology, topoConf, taskToComponent, componentTasks,
                        componentFields, stormId), topoConf,
                WorkerFacts.given(workerPort, codeDir, pidDir, workerTasks),
                blobToLastKnownVersion != null ? blobToLastKnownVersion : new HashMap<>(), requireTaskId(taskId),
                Clock.system(), userResources != null ? userResources : Collections.synchronizedMap(new HashMap<>()),
                executorData != null ? executorData : new HashMap<>(),
                (metricRegistry != null ? metricRegistry : new StormMetricRegistry()).userMetrics(), null,
                registeredMetrics != null ? registeredMetrics : new HashMap<>(),
                openOrPrepareWasCalled != null ? openOrPrepareWasCalled : new AtomicBoolean());
    }

    private TopologyContext(TopologyView plan, Map<String, Object> topoConf, WorkerFacts worker,
                            Map<String, Long> blobVersions, int taskId, Clock clock, Map<String, Object> userResources,
                            Map<String, Object> executorData, UserMetrics userMetrics, TaskTimer taskTimer,
                            Map<Integer, Map<Integer, Map<String, IMetric>>> metricsV1, AtomicBoolean opened) {
        super(plan, topoConf, userResources, worker);
        this.taskId = taskId;
        this.clock = clock;
        this.executorData = executorData;
        this.userMetrics = userMetrics;
        this.taskTimer = taskTimer;
        this.metricsV1 = metricsV1;
        this.opened = opened;
        this.blobVersions = blobVersions;
    }

    private static int requireTaskId(Integer taskId) {
        if (taskId == null) {
            throw new IllegalArgumentException("a TopologyContext needs the task id of its task, got null");
        }
        return taskId;
    }

    /**
     * The version of each blob of {@code topology.blobstore.map} the worker last saw, by blob key.
     * Gale's embedded engine has no blob store: empty, unless a caller of Storm's public constructor
     * gave one.
     */
    public Map<String, Long> getBlobToLastKnownVersion() {
        return blobVersions;
    }

    // ---- Storm's metrics v1: registered in open/prepare on the task's thread; the engine reads
    // each metric on that thread at the end of every bucket of the topology's clock and sends the
    // values to the metrics consumers (Config.registerMetricsConsumer) and to the UI.

    /**
     * Registers a metric v1 of this task, reported every {@code timeBucketSizeInSecs} seconds of
     * the topology's clock (the first time one bucket after the task was opened or prepared).
     * Returns {@code metric}. Call it from {@code open} / {@code prepare} only, as in Storm.
     *
     * @throws IllegalStateException if {@code open} / {@code prepare} has returned already
     * @throws IllegalArgumentException if the metric is null, the bucket under a second, or this
     *     task has a metric of that name already
     */
    @Override
    public <T extends IMetric> T registerMetric(String name, T metric, int timeBucketSizeInSecs) {
        String where = "component '" + getThisComponentId() + "', task " + taskId;
        if (opened.get()) {
            throw new IllegalStateException(where + ": TopologyContext.registerMetric(\"" + name + "\", ...) can"
                    + " only be called from open (spouts) or prepare (bolts), as in Storm");
        }
        if (metric == null) {
            throw new IllegalArgumentException(where + ": cannot register a null metric as '" + name + "'");
        }
        if (timeBucketSizeInSecs <= 0) {
            throw new IllegalArgumentException(where + ": metric '" + name + "' needs a time bucket of at least 1"
                    + " second, got " + timeBucketSizeInSecs);
        }
        IMetric already = getRegisteredMetricByName(name);
        if (already != null) {
            throw new IllegalArgumentException(where + ": the metric name '" + name + "' was registered twice");
        }
        metricsV1.computeIfAbsent(timeBucketSizeInSecs, k -> new HashMap<>())
                .computeIfAbsent(taskId, k -> new LinkedHashMap<>()).put(name, metric);
        return metric;
    }

    /** Registers a {@link ReducedMetric} over {@code reducer} (see {@link #registerMetric(String, IMetric, int)}). */
    @Override
    public ReducedMetric registerMetric(String name, IReducer reducer, int timeBucketSizeInSecs) {
        ReducedMetric reduced = new ReducedMetric(reducer);
        return registerMetric(name, reduced, timeBucketSizeInSecs);
    }

    /** Registers a {@link CombinedMetric} over {@code combiner} (see {@link #registerMetric(String, IMetric, int)}). */
    @Override
    public CombinedMetric registerMetric(String name, ICombiner combiner, int timeBucketSizeInSecs) {
        CombinedMetric combined = new CombinedMetric(combiner);
        return registerMetric(name, combined, timeBucketSizeInSecs);
    }

    /** This task's metric v1 of that name, or null. */
    public IMetric getRegisteredMetricByName(String name) {
        for (Map<Integer, Map<String, IMetric>> byTask : metricsV1.values()) {
            Map<String, IMetric> byName = byTask.get(taskId);
            IMetric m = byName == null ? null : byName.get(name);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    // ---- Storm's metrics v2: registered per task, read through LocalCluster.getUserMetrics and
    // the UI's /metrics. Safe to call from open/prepare or later on the task's thread.

    @Override
    public Timer registerTimer(String name) {
        return userMetrics.timer(getThisComponentId(), taskId, name);
    }

    @Override
    public Histogram registerHistogram(String name) {
        return userMetrics.histogram(getThisComponentId(), taskId, name);
    }

    @Override
    public Meter registerMeter(String name) {
        return userMetrics.meter(getThisComponentId(), taskId, name);
    }

    @Override
    public Counter registerCounter(String name) {
        return userMetrics.counter(getThisComponentId(), taskId, name);
    }

    @Override
    public <T> Gauge<T> registerGauge(String name, Gauge<T> gauge) {
        return userMetrics.gauge(getThisComponentId(), taskId, name, gauge);
    }

    /** Registers every metric of {@code set} as {@code prefix.name}. */
    @Override
    public void registerMetricSet(String prefix, MetricSet set) {
        for (Map.Entry<String, Metric> e : set.getMetrics().entrySet()) {
            String name = prefix == null || prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            if (e.getValue() instanceof MetricSet) {
                registerMetricSet(name, (MetricSet) e.getValue());
            } else {
                userMetrics.metric(getThisComponentId(), taskId, name, e.getValue());
            }
        }
    }

    /**
     * The clock the topology runs on (Gale addition): the one its timeouts and ticks read, a
     * {@code SimulatedClock} in tests. Components that wait, retry or time out should read it
     * instead of {@code System.nanoTime()}, so simulated-time tests cover them too.
     */
    public Clock getClock() {
        return clock;
    }

    /**
     * This task's own timer (Gale addition): calls on the task's thread at instants of the
     * topology's clock, finer than tick tuples. Windowed bolts run their triggers and watermarks
     * on it.
     *
     * @throws UnsupportedOperationException if this task has none: Gale gives one to every bolt
     *         task of a running topology, not to spouts nor to contexts built by hand
     */
    public TaskTimer getTaskTimer() {
        if (taskTimer == null) {
            throw new UnsupportedOperationException("task " + taskId + " has no task timer: Gale gives one to the bolt"
                    + " tasks of a running topology only (not to spouts, nor to a TopologyContext built by hand)");
        }
        return taskTimer;
    }

    public int getThisTaskId() {
        return taskId;
    }

    public String getThisComponentId() {
        return getComponentId(taskId);
    }

    /** This task's position (0-based) among its component's tasks. */
    public int getThisTaskIndex() {
        return getComponentTasks(getThisComponentId()).indexOf(taskId);
    }

    /**
     * The fields of one of this task's streams.
     *
     * @throws IllegalArgumentException if this component declares no such stream
     */
    public Fields getThisOutputFields(String streamId) {
        return plan.outputFields(getThisComponentId(), streamId);
    }

    /** The fields of each stream this task's component declares, as field names by stream id. */
    public Map<String, List<String>> getThisOutputFieldsForStreams() {
        Map<String, List<String>> byStream = new HashMap<>();
        String self = getThisComponentId();
        for (String stream : plan.streamsOf(self)) {
            byStream.put(stream, plan.outputFields(self, stream).toList());
        }
        return byStream;
    }

    /** The streams this task's component declares. */
    public Set<String> getThisStreams() {
        return plan.streamsOf(getThisComponentId());
    }

    /**
     * The fields of what this task may receive: for each component it subscribes to, the fields
     * of every stream that component declares (not only the streams subscribed to, as in Storm),
     * as field names by component id and stream id.
     */
    public Map<String, Map<String, List<String>>> getThisInputFields() {
        Map<String, Map<String, List<String>>> bySource = new HashMap<>();
        for (GlobalStreamId subscribed : plan.sourcesOf(getThisComponentId()).keySet()) {
            String source = subscribed.get_componentId();
            if (bySource.containsKey(source)) {
                continue;
            }
            Map<String, List<String>> byStream = new HashMap<>();
            for (String stream : plan.streamsOf(source)) {
                byStream.put(stream, plan.outputFields(source, stream).toList());
            }
            bySource.put(source, byStream);
        }
        return bySource;
    }

    /** The streams this task's component subscribes to, with their groupings. */
    public Map<GlobalStreamId, Grouping> getThisSources() {
        return plan.sourcesOf(getThisComponentId());
    }

    /** For each stream of this task's component: the subscribing components and their groupings. */
    public Map<String, Map<String, Grouping>> getThisTargets() {
        return plan.targetsOf(getThisComponentId());
    }

    /** The task ids of this task's component. */
    public List<Integer> getThisComponentTasks() {
        return getComponentTasks(getThisComponentId());
    }

    /**
     * Adds a hook to this task: calls its {@code prepare} now, then tells it of this task's
     * events, on the task's thread. Call it from open/prepare (or later, on the task's thread).
     */
    public void addTaskHook(ITaskHook hook) {
        hook.prepare(topoConf, this);
        hooks.add(hook);
    }

    /** This task's hooks, in the order added (the live list, as in Storm). */
    public List<ITaskHook> getHooks() {
        return hooks;
    }

    /** Data shared by this task and its hooks. */
    public void setTaskData(String name, Object data) {
        taskData.put(name, data);
    }

    public Object getTaskData(String name) {
        return taskData.get(name);
    }

    /** Data shared by the tasks of this executor (they run on one thread) and their hooks. */
    public void setExecutorData(String name, Object data) {
        executorData.put(name, data);
    }

    public Object getExecutorData(String name) {
        return executorData.get(name);
    }
}
