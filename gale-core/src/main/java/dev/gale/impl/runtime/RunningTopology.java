package dev.gale.impl.runtime;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.acker.AckerExecutor;
import dev.gale.impl.executor.BoltExecutor;
import dev.gale.impl.executor.Control;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.timer.TopologyTimer;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.ConfigValues;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.impl.transfer.Inbox;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One submitted topology, running: its executors (one thread each), their inboxes, and the timer
 * that ticks them. Created validated and complete, or not at all.
 *
 * <p>Thread-safe: lifecycle methods may be called from any thread.
 */
public final class RunningTopology {
    private final RuntimeEnv env;
    private final List<Executor> executors = new ArrayList<>();
    private final Map<String, List<Executor>> byComponent = new LinkedHashMap<>();
    private final TopologyTimer timer;
    private final long startNanos = System.nanoTime();
    private volatile boolean killed;
    /** What activate/deactivate last asked for; spouts apply it on their own threads soon after. */
    private volatile boolean active = true;

    private RunningTopology(String name, Map<String, Object> conf, StormTopology topology, Clock clock, boolean synchronous,
                            TupleObserver observer) {
        TopologySettings settings;
        try {
            settings = TopologySettings.from(conf);
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException("topology '" + name + "': " + e.getMessage(), e);
        }
        TopologyPlan plan = TopologyPlan.of(name, topology, settings);
        validateComponentConf(plan, conf);

        // Inboxes first: every executor's outbox needs every task's inbox.
        int maxTask = plan.allTasks().isEmpty() ? 0 : Collections.max(plan.allTasks());
        Inbox[] inboxByTask = new Inbox[maxTask + 1];
        List<Slot> slots = new ArrayList<>();
        for (String componentId : plan.componentIds()) {
            List<Integer> tasks = plan.tasksOf(componentId);
            int executorsOf = componentId.equals(Constants.ACKER_COMPONENT_ID)
                    ? tasks.size() : plan.component(componentId).parallelism();
            for (int e = 0; e < executorsOf; e++) {
                List<Integer> share = tasks.subList(e * tasks.size() / executorsOf, (e + 1) * tasks.size() / executorsOf);
                String label = componentId + "-" + share.get(0) + (share.size() > 1 ? "-" + share.get(share.size() - 1) : "");
                Inbox inbox = new Inbox(slots.size(), label, settings.receiveQueueSize());
                for (int t : share) {
                    inboxByTask[t] = inbox;
                }
                slots.add(new Slot(componentId, share, inbox));
            }
        }
        Map<String, Object> topoConf = new HashMap<>(conf);
        topoConf.put(Config.TOPOLOGY_NAME, name);
        this.env = new RuntimeEnv(plan, Collections.unmodifiableMap(topoConf), clock, inboxByTask, slots.size(),
                observer);

        int expectedPending = expectedPendingPerAcker(plan, conf);
        for (Slot s : slots) {
            Executor ex;
            if (s.componentId.equals(Constants.ACKER_COMPONENT_ID)) {
                ex = new AckerExecutor(env, s.inbox, s.tasks.get(0), expectedPending);
            } else {
                ComponentDef def = plan.component(s.componentId);
                ex = def.kind() == ComponentDef.Kind.SPOUT
                        ? new SpoutExecutor(env, def, s.inbox, s.tasks)
                        : new BoltExecutor(env, def, s.inbox, s.tasks);
            }
            executors.add(ex);
            byComponent.computeIfAbsent(s.componentId, k -> new ArrayList<>()).add(ex);
        }

        this.timer = new TopologyTimer(name, clock, synchronous);
        if (env.tracking()) {
            List<Inbox> rotated = new ArrayList<>();
            for (Executor ex : executors) {
                if (ex instanceof SpoutExecutor || ex instanceof AckerExecutor) {
                    rotated.add(ex.inbox());
                }
            }
            timer.schedule(settings.rotationPeriodNanos(), Control.ROTATE, rotated);
        }
        for (ComponentDef def : plan.components().values()) {
            if (def.kind() != ComponentDef.Kind.BOLT) {
                continue;
            }
            int freq = ConfigValues.getNonNegativeInt(merged(conf, def), Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
            if (freq > 0) {
                List<Inbox> targets = new ArrayList<>();
                for (Executor ex : byComponent.get(def.id())) {
                    targets.add(ex.inbox());
                }
                timer.schedule(TimeUnit.SECONDS.toNanos(freq), Control.tick(freq), targets);
            }
        }
    }

    private record Slot(String componentId, List<Integer> tasks, Inbox inbox) {
    }

    /** Validates, builds and starts a topology. */
    public static RunningTopology start(String name, Map<String, Object> conf, StormTopology topology, Clock clock,
                                        boolean synchronous) {
        return start(name, conf, topology, clock, synchronous, null);
    }

    /** Same, telling {@code observer} (if not null) of every emit, spout ack and spout fail. */
    public static RunningTopology start(String name, Map<String, Object> conf, StormTopology topology, Clock clock,
                                        boolean synchronous, TupleObserver observer) {
        RunningTopology t = new RunningTopology(name, conf, topology, clock, synchronous, observer);
        for (Executor ex : t.executors) {
            ex.start();
        }
        t.timer.start();
        return t;
    }

    private static Map<String, Object> merged(Map<String, Object> conf, ComponentDef def) {
        Map<String, Object> m = new HashMap<>(conf);
        m.putAll(def.conf());
        return m;
    }

    private static void validateComponentConf(TopologyPlan plan, Map<String, Object> conf) {
        for (ComponentDef def : plan.components().values()) {
            Map<String, Object> m = merged(conf, def);
            try {
                ConfigValues.getNonNegativeInt(m, Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
                ConfigValues.getBoolean(m, Config.TOPOLOGY_DEBUG, false);
                if (m.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) != null) {
                    ConfigValues.getPositiveInt(m, Config.TOPOLOGY_MAX_SPOUT_PENDING, 1);
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidTopologyException(def.describe() + ": " + e.getMessage(), e);
            }
        }
    }

    /** Sizes each acker's table for the most trees that can be pending, when max pending bounds it. */
    private static int expectedPendingPerAcker(TopologyPlan plan, Map<String, Object> conf) {
        long total = 0;
        for (ComponentDef def : plan.components().values()) {
            if (def.kind() != ComponentDef.Kind.SPOUT) {
                continue;
            }
            Map<String, Object> m = merged(conf, def);
            if (m.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) == null) {
                return 1024;
            }
            total += (long) ConfigValues.getPositiveInt(m, Config.TOPOLOGY_MAX_SPOUT_PENDING, 1) * def.numTasks();
        }
        int ackers = Math.max(1, plan.ackerTasks().size());
        return (int) Math.max(16, Math.min(1 << 24, total / ackers + total / ackers / 8));
    }

    public String name() {
        return env.plan().name();
    }

    public TopologyPlan plan() {
        return env.plan();
    }

    public void activate() {
        active = true;
        sendToSpouts(Control.ACTIVATE);
    }

    public void deactivate() {
        active = false;
        sendToSpouts(Control.DEACTIVATE);
    }

    /** Whether the topology was last activated (true from the start) rather than deactivated. */
    public boolean isActive() {
        return active;
    }

    /** The components and the streams between them, acker left out. */
    public TopologyGraph graph() {
        TopologyPlan plan = env.plan();
        List<TopologyGraph.Node> nodes = new ArrayList<>();
        List<TopologyGraph.Edge> edges = new ArrayList<>();
        for (ComponentDef def : plan.components().values()) {
            nodes.add(new TopologyGraph.Node(def.id(), def.kind() == ComponentDef.Kind.SPOUT ? "spout" : "bolt",
                    byComponent.get(def.id()).size(), plan.tasksOf(def.id())));
            for (dev.gale.impl.topology.Subscription s : def.inputs()) {
                edges.add(new TopologyGraph.Edge(s.source().get_componentId(), s.source().get_streamId(), def.id(),
                        s.grouping().toString()));
            }
        }
        return new TopologyGraph(name(), List.copyOf(nodes), List.copyOf(edges));
    }

    private void sendToSpouts(Control c) {
        for (Executor ex : executors) {
            if (ex instanceof SpoutExecutor) {
                ex.inbox().offerControl(c);
            }
        }
    }

    /** Stops every executor (closing spouts and cleaning up bolts on their threads) and the timer. */
    public void kill(Duration timeout) {
        if (killed) {
            return;
        }
        killed = true;
        timer.stop();
        for (Executor ex : executors) {
            ex.stop();
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            for (Executor ex : executors) {
                ex.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
            timer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean isKilled() {
        return killed;
    }

    /**
     * Returns once every queue is empty, no executor is in the middle of a tuple and no fed spout
     * holds input; throws if that does not happen within {@code timeout} (real time).
     */
    public void waitForIdle(Duration timeout) throws TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int stableRounds = 0;
        while (true) {
            long before = totalActivity();
            boolean quiet = true;
            for (Executor ex : executors) {
                if (!ex.isQuiet()) {
                    quiet = false;
                    break;
                }
            }
            if (quiet && totalActivity() == before) {
                // Twice in a row, a short while apart, so a message between two executors is seen.
                if (++stableRounds >= 2) {
                    return;
                }
            } else {
                stableRounds = 0;
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("topology '" + name() + "' did not become idle within " + timeout
                        + "; busy executors: " + busyExecutors());
            }
            LockSupport.parkNanos(200_000L);
        }
    }

    private long totalActivity() {
        long sum = 0;
        for (Executor ex : executors) {
            sum += ex.activity();
        }
        return sum;
    }

    private List<String> busyExecutors() {
        List<String> out = new ArrayList<>();
        for (Executor ex : executors) {
            if (!ex.isQuiet()) {
                out.add(ex.name() + " (queue " + ex.inbox().size() + ")");
            }
        }
        return out;
    }

    /** Counters of every component right now. */
    public TopologyStats stats() {
        List<ComponentStats> comps = new ArrayList<>();
        Histogram complete = null;
        for (Map.Entry<String, List<Executor>> e : byComponent.entrySet()) {
            List<TaskStats> tasks = new ArrayList<>();
            String kind = "bolt";
            int queueDepth = 0;
            for (Executor ex : e.getValue()) {
                tasks.addAll(ex.stats());
                queueDepth += ex.queueDepth();
                if (ex instanceof SpoutExecutor) {
                    kind = "spout";
                    for (TaskMetrics m : ex.metrics()) {
                        Histogram h = m.completeLatencyHistogram();
                        if (complete == null) {
                            complete = h;
                        } else {
                            complete.add(h);
                        }
                    }
                } else if (ex instanceof AckerExecutor) {
                    kind = "acker";
                }
            }
            comps.add(new ComponentStats(e.getKey(), kind, List.copyOf(tasks), env.errors().lastErrors(e.getKey()),
                    queueDepth));
        }
        LatencySummary latency = complete == null ? LatencySummary.EMPTY : TaskMetrics.summarize(complete);
        return new TopologyStats(name(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                List.copyOf(comps), latency);
    }

    /** Trees still pending at the spouts; meaningful once the topology is idle. */
    public long pendingTrees() {
        long n = 0;
        for (Executor ex : executors) {
            if (ex instanceof SpoutExecutor) {
                n += ((SpoutExecutor) ex).pendingTrees();
            }
        }
        return n;
    }

    /** The executors, for tests and tools inside Gale. */
    public List<Executor> executors() {
        return Collections.unmodifiableList(executors);
    }

    public RuntimeEnv env() {
        return env;
    }
}
