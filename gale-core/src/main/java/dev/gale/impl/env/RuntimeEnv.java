package dev.gale.impl.env;

import dev.gale.impl.acker.AckerRouting;
import dev.gale.impl.acker.TreeTracer;
import dev.gale.impl.stats.ErrorRegistry;
import dev.gale.impl.stats.MetricV1Values;
import dev.gale.impl.timer.TopologyTimer;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.impl.transfer.Backpressure;
import dev.gale.impl.transfer.Inbox;
import dev.gale.stats.UserMetrics;
import dev.gale.time.Clock;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * What every executor of one running topology shares: the plan, configuration, clock, the inbox
 * of every task, the acker tasks, backpressure, error reporting and the fatal error. Immutable after start (the
 * referenced objects are thread-safe).
 */
public final class RuntimeEnv {
    private final TopologyPlan plan;
    private final Map<String, Object> topoConf;
    private final Clock clock;
    private final Inbox[] inboxByTask;
    private final int executorCount;
    private final int[] ackerTasks;
    private final AckerRouting ackerRouting;
    private final Backpressure backpressure = new Backpressure();
    private final ErrorRegistry errors;
    private final TupleObserver observer;
    private final FatalError fatal;
    private final DrainSignal drainSignal = new DrainSignal();
    private final Map<String, Object> userResources = Collections.synchronizedMap(new HashMap<>());
    private final UserMetrics userMetrics = new UserMetrics();
    private final MetricV1Values metricV1Values = new MetricV1Values();
    private final boolean startsActive;
    /** Where bolt tasks' own timers are kept; null when there is none (the engine's tests). */
    private final TopologyTimer timer;
    /** Sampled tree tracing; null when off ({@code gale.trace.sample} 0, or no ackers). */
    private final TreeTracer tracer;

    /** @param stopTopology stops the topology after a fatal error; must not block */
    public RuntimeEnv(TopologyPlan plan, Map<String, Object> topoConf, Clock clock, Inbox[] inboxByTask,
                      int executorCount, TupleObserver observer, Runnable stopTopology) {
        this(plan, topoConf, clock, inboxByTask, executorCount, observer, stopTopology, true, null);
    }

    /**
     * Same; with {@code startsActive} false the spouts open inactive (Storm's initial status
     * INACTIVE); {@code timer}: the
     * topology's timer, which also keeps the bolt tasks' own timers (null: they have none).
     */
    public RuntimeEnv(TopologyPlan plan, Map<String, Object> topoConf, Clock clock, Inbox[] inboxByTask,
                      int executorCount, TupleObserver observer, Runnable stopTopology, boolean startsActive,
                      TopologyTimer timer) {
        this.timer = timer;
        this.startsActive = startsActive;
        this.plan = plan;
        this.topoConf = topoConf;
        this.clock = clock;
        this.inboxByTask = inboxByTask;
        this.executorCount = executorCount;
        this.ackerTasks = plan.ackerTasks().stream().mapToInt(Integer::intValue).toArray();
        this.ackerRouting = new AckerRouting(ackerTasks);
        this.errors = new ErrorRegistry(plan.name());
        this.observer = observer;
        this.fatal = new FatalError(errors, stopTopology);
        this.tracer = plan.settings().traceSample() > 0 && ackerTasks.length > 0
                ? new TreeTracer(plan::componentOf, plan.settings().traceSample()) : null;
    }

    /** Where traced trees are recorded (see {@link TreeTracer}); null when tracing is off. */
    public TreeTracer tracer() {
        return tracer;
    }


    /** False if the spouts open inactive, waiting for an activate. */
    /** The topology's timer, or null (see the constructor). */
    public TopologyTimer timer() {
        return timer;
    }

    public boolean startsActive() {
        return startsActive;
    }

    public TopologyPlan plan() {
        return plan;
    }

    public TopologySettings settings() {
        return plan.settings();
    }

    public Map<String, Object> topoConf() {
        return topoConf;
    }

    public Clock clock() {
        return clock;
    }

    public Inbox[] inboxByTask() {
        return inboxByTask;
    }

    public int executorCount() {
        return executorCount;
    }

    public boolean tracking() {
        return ackerTasks.length > 0;
    }

    /** The acker task responsible for a tree (see {@link AckerRouting}). */
    public int ackerFor(long root) {
        return ackerRouting.ackerFor(root);
    }

    public Backpressure backpressure() {
        return backpressure;
    }

    /** Told of every emit, spout ack and spout fail (testing kit), or null. */
    public TupleObserver observer() {
        return observer;
    }

    public ErrorRegistry errors() {
        return errors;
    }

    /** The topology's fatal error, if an {@link Error} stopped it. */
    public FatalError fatal() {
        return fatal;
    }

    /** Worker-level objects published by worker hooks, read by every task's {@code getResource}. */
    public Map<String, Object> userResources() {
        return userResources;
    }

    /** The metrics its components registered (Storm's metrics v2); thread-safe. */
    public UserMetrics userMetrics() {
        return userMetrics;
    }

    /** The last value of every metric v1 its tasks registered (Storm's metrics v1); thread-safe. */
    public MetricV1Values metricV1Values() {
        return metricV1Values;
    }

    /** Told by deactivated spouts when their pending trees change, for a drain. */
    public DrainSignal drainSignal() {
        return drainSignal;
    }
}
