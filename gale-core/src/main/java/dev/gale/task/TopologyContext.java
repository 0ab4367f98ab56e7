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
import dev.gale.hooks.ITaskHook;
import dev.gale.stats.UserMetrics;
import dev.gale.time.Clock;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one task knows about itself and its topology: its task id, component, streams, sources
 * and targets. Given to {@code open} / {@code prepare}. Also carries the task's hooks and its
 * task and executor data: those are not thread-safe, use them on the task's own thread (as
 * Storm's); the rest is immutable.
 */
public class TopologyContext extends WorkerTopologyContext {
    private final int taskId;
    private final Clock clock;
    private final UserMetrics userMetrics;
    private final List<ITaskHook> hooks = new ArrayList<>();
    private final Map<String, Object> taskData = new HashMap<>();
    private final Map<String, Object> executorData;
    private final TaskTimer taskTimer;

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
        super(plan, topoConf, userResources);
        this.taskId = taskId;
        this.clock = clock;
        this.executorData = executorData;
        this.userMetrics = userMetrics;
        this.taskTimer = taskTimer;
    }

    // ---- Storm's metrics v2: registered per task, read through LocalCluster.getUserMetrics and
    // the UI's /metrics. Safe to call from open/prepare or later on the task's thread.

    public Timer registerTimer(String name) {
        return userMetrics.timer(getThisComponentId(), taskId, name);
    }

    public Histogram registerHistogram(String name) {
        return userMetrics.histogram(getThisComponentId(), taskId, name);
    }

    public Meter registerMeter(String name) {
        return userMetrics.meter(getThisComponentId(), taskId, name);
    }

    public Counter registerCounter(String name) {
        return userMetrics.counter(getThisComponentId(), taskId, name);
    }

    public <T> Gauge<T> registerGauge(String name, Gauge<T> gauge) {
        return userMetrics.gauge(getThisComponentId(), taskId, name, gauge);
    }

    /** Registers every metric of {@code set} as {@code prefix.name}. */
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

    public Fields getThisOutputFields(String streamId) {
        return getComponentOutputFields(getThisComponentId(), streamId);
    }

    public Set<String> getThisStreams() {
        return getComponentStreams(getThisComponentId());
    }

    public Map<GlobalStreamId, Grouping> getThisSources() {
        return getSources(getThisComponentId());
    }

    public Map<String, Map<String, Grouping>> getThisTargets() {
        return getTargets(getThisComponentId());
    }

    /** The task ids of this task's component. */
    public List<Integer> getThisComponentTasks() {
        return getComponentTasks(getThisComponentId());
    }

    /** The merged configuration this task runs with (topology plus component settings). */
    public Map<String, Object> getConf() {
        return topoConf;
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
