package dev.gale.impl.runtime;

import dev.gale.KillReport;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.hooks.IWorkerHook;
import dev.gale.impl.env.FatalError;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.executor.Control;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.metrics.MetricsConsumers;
import dev.gale.impl.sched.DutyCycle;
import dev.gale.impl.sched.Scheduler;
import dev.gale.impl.sched.SchedulerSettings;
import dev.gale.impl.sched.StepScheduler;
import dev.gale.impl.sched.ThreadedScheduler;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.timer.TopologyTimer;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import dev.gale.task.WorkerUserContext;
import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One submitted topology, running: its lifecycle (start, activation, drain, kill, worker hooks)
 * over the parts it is made of: what {@link TopologyAssembly} built (executors, inboxes, timer),
 * the {@link Scheduler} that runs them, {@link IdleWaiter} and {@link TopologyStatsReader}.
 * Created validated and complete, or not at all.
 *
 * <p>Every engine thread is a daemon; while the topology runs, one non-daemon thread
 * ({@code gale-<name>-keepalive}, which only waits) keeps the JVM alive, as a deployed topology
 * keeps running, and it ends with the kill, whatever user code does.
 *
 * <p>Thread-safe: lifecycle methods may be called from any thread.
 */
public final class RunningTopology {
    /** How long a kill waits for executors to stop, and again after interrupting those that did not. */
    public static final Duration DEFAULT_KILL_GRACE = Duration.ofSeconds(2);
    /** Stepped: how long (real time) passes inside one clock advance may go on doing work. */
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(60);
    private static final Logger LOG = LoggerFactory.getLogger(RunningTopology.class);

    private final RuntimeEnv env;
    private final List<Executor> executors = new ArrayList<>();
    /** The tasks' metrics that {@link #progress()} sums: spouts' emits, and executes of the rest. */
    private final List<TaskMetrics> spoutMetrics = new ArrayList<>();
    private final List<TaskMetrics> otherMetrics = new ArrayList<>();
    private final Map<Executor, List<Integer>> tasksOf = new HashMap<>();
    private final Map<String, List<Executor>> byComponent = new LinkedHashMap<>();
    private final TopologyTimer timer;
    private final Scheduler scheduler;
    private final TopologyStatsReader statsReader;
    private final IdleWaiter idleWaiter;
    /** Removes this topology's hook from the simulated clock (stepped only), or does nothing. */
    private volatile Runnable clockHook = () -> { };
    private final Duration killGrace;
    private final CountDownLatch gone = new CountDownLatch(1);
    private final Thread keepAlive;
    private final Object killLock = new Object();
    private volatile boolean killed;
    private KillReport killReport; // guarded by killLock
    private final List<IWorkerHook> workerHooks;
    private int startedWorkerHooks; // guarded by killLock
    /** What activate/deactivate last asked for; spouts apply it on their own threads soon after. */
    private volatile boolean active;

    private RunningTopology(Launch launch) {
        String name = launch.name();
        Map<String, Object> conf = launch.conf();
        StormTopology topology = launch.topology();
        Clock clock = launch.clock();
        this.killGrace = launch.killGrace();
        this.active = launch.active();
        TopologySettings settings;
        SchedulerSettings scheduling;
        try {
            settings = TopologySettings.from(conf);
            scheduling = SchedulerSettings.from(conf);
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException("topology '" + name + "': " + e.getMessage(), e);
        }
        // Storm's system topology: the metrics consumers registered in the conf become bolts.
        TopologyPlan plan = TopologyPlan.of(name, MetricsConsumers.addTo(topology, conf), settings, conf);
        ComponentConfigs.validateWindows(plan, conf);
        for (String warning : TopologyPlan.warnings(topology, conf)) {
            LOG.warn("topology '{}': {}", name, warning);
        }

        TopologyAssembly assembly = new TopologyAssembly(plan, settings, launch, this::stopAfterFatalError);
        this.env = assembly.env;
        this.executors.addAll(assembly.executors);
        // Read every scheduling period: collected once, not asked of 200 executors each time.
        for (Executor ex : executors) {
            (ex.kind() == ComponentKind.SPOUT ? spoutMetrics : otherMetrics).addAll(ex.metrics());
        }
        this.tasksOf.putAll(assembly.tasksOf);
        this.byComponent.putAll(assembly.byComponent);
        this.timer = assembly.timer;
        this.workerHooks = deserializeWorkerHooks(name, topology);
        List<DutyCycle> cycles = new ArrayList<>(executors);
        if (launch.stepped()) {
            cycles.add(0, timer.asDutyCycle());
            this.scheduler = new StepScheduler(clock, cycles, this::checkNotFailed, scheduling.stepSeed());
        } else {
            this.scheduler = new ThreadedScheduler("gale-" + name, clock, cycles, scheduling.threads(),
                    scheduling.idle(), scheduling.blockedNanos(), scheduling.pipelinePlacement())
                    .withBalancing(scheduling.balance()).withShuffle(scheduling.shuffleNanos())
                    .withProgress(this::progress);
        }
        this.statsReader = new TopologyStatsReader(env, executors, byComponent);
        this.idleWaiter = new IdleWaiter(name, scheduler, executors, this::checkNotFailed, () -> killed);
        this.keepAlive = new Thread(this::awaitGone, "gale-" + name + "-keepalive");
    }

    private void awaitGone() {
        while (gone.getCount() > 0) {
            try {
                gone.await();
            } catch (InterruptedException e) {
                // Only the kill ends this thread.
            }
        }
    }

    /** Validates, builds and starts a topology as {@code launch} says. */
    public static RunningTopology start(Launch launch) {
        RunningTopology t = new RunningTopology(launch);
        t.startWorkerHooks();
        t.keepAlive.start();
        t.scheduler.start();
        if (t.scheduler.isStepped()) {
            if (launch.clock() instanceof SimulatedClock simulated) {
                t.clockHook = simulated.onAdvance(t::runDue);
            }
        } else {
            t.timer.start();
        }
        return t;
    }

    /** Stepped: runs what the clock made due, until idle; true if anything ran. */
    private boolean runDue() {
        if (killed) {
            return false;
        }
        try {
            return scheduler.runUntilIdle(STEP_TIMEOUT) > 0;
        } catch (TimeoutException e) {
            throw new IllegalStateException("topology '" + name() + "': " + e.getMessage(), e);
        }
    }

    /** True if the executors run on the step scheduler (only when asked, on the asking thread). */
    public boolean isStepped() {
        return scheduler.isStepped();
    }

    /** The scheduler running the executors, for tests and tools inside Gale. */
    public Scheduler scheduler() {
        return scheduler;
    }

    private static List<IWorkerHook> deserializeWorkerHooks(String name, StormTopology topology) {
        List<IWorkerHook> hooks = new ArrayList<>();
        for (byte[] bytes : topology.workerHooks()) {
            try {
                hooks.add(Utils.javaDeserialize(bytes, IWorkerHook.class));
            } catch (RuntimeException e) {
                throw new InvalidTopologyException("topology '" + name + "': a worker hook cannot be deserialized: "
                        + e.getMessage(), e);
            }
        }
        return hooks;
    }

    /**
     * Starts the worker hooks, in the order added, before any executor runs, so what they publish
     * with setResource is there when tasks open. If one throws, those started are shut down and the
     * submit fails with the hook's exception (an {@link InvalidTopologyException} as it is).
     */
    private void startWorkerHooks() {
        synchronized (killLock) {
            for (IWorkerHook hook : workerHooks) {
                try {
                    hook.start(env.topoConf(), new WorkerUserContext(env.plan(), env.topoConf(), env.userResources()));
                } catch (RuntimeException e) {
                    shutdownWorkerHooks();
                    if (e instanceof InvalidTopologyException) {
                        throw e; // the hook's verdict on the topology, already saying why
                    }
                    throw new IllegalStateException("topology '" + name() + "': worker hook " + hook.getClass().getName()
                            + " threw in start: " + e, e);
                }
                startedWorkerHooks++;
            }
        }
    }

    /** Shuts down the started worker hooks, each even if another throws (logged). */
    private void shutdownWorkerHooks() {
        for (int i = 0; i < startedWorkerHooks; i++) {
            IWorkerHook hook = workerHooks.get(i);
            try {
                hook.shutdown();
            } catch (RuntimeException e) {
                LOG.error("topology '{}': worker hook {} threw in shutdown", name(), hook.getClass().getName(), e);
            }
        }
        startedWorkerHooks = 0;
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
        return statsReader.graph();
    }

    /** Counters of every component right now. */
    public TopologyStats stats() {
        return statsReader.stats();
    }

    /** Trees still pending at the spouts; meaningful once the topology is idle. */
    public long pendingTrees() {
        return statsReader.pendingTrees();
    }

    /**
     * Returns once every queue is empty, no executor is in the middle of a tuple and no fed spout
     * holds input; throws if that does not happen within {@code timeout} (real time). Exact on
     * every scheduler (see {@link IdleWaiter}).
     */
    public void waitForIdle(Duration timeout) throws TimeoutException {
        idleWaiter.waitForIdle(timeout);
    }

    /**
     * Work the topology has done so far, for the scheduler's placement search: tuples executed by
     * bolts and the acker, and tuples spouts emitted. At a fixed input, it grows with throughput.
     */
    private long progress() {
        long n = 0;
        for (TaskMetrics m : spoutMetrics) {
            n += m.emittedTotal();
        }
        for (TaskMetrics m : otherMetrics) {
            n += m.executedCount();
        }
        return n;
    }

    private void sendToSpouts(Control c) {
        for (Executor ex : executors) {
            if (ex.kind() == ComponentKind.SPOUT) {
                ex.inbox().offerControl(c);
            }
        }
    }

    /**
     * Deactivates the spouts, then waits until no tuple tree is pending, or {@code wait} has passed
     * on the topology's clock, or the topology is killed, whichever comes first. Acks, fails and
     * timeouts still reach the spouts meanwhile; nothing new is emitted. Does not kill.
     *
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public void drain(Duration wait) throws InterruptedException {
        Clock clock = env.clock();
        // The waiter exists before the spouts hear of the drain: a simulated clock advanced once
        // they have (a test sees deactivate() called) therefore also waits for this drain.
        Clock.Waiter waiter = clock.newWaiter("drain of topology '" + name() + "'");
        env.drainSignal().watch(waiter);
        try {
            long now = clock.nanos();
            long waitNanos = wait.isNegative() ? 0 : wait.toNanos();
            long deadline = now + waitNanos < now ? Long.MAX_VALUE : now + waitNanos;
            deactivate();
            if (scheduler.isStepped()) {
                runDue();
            }
            while (!killed && !drained()) {
                if (waiter.awaitNanos(deadline)) {
                    return;
                }
            }
        } finally {
            env.drainSignal().unwatch();
            waiter.close();
        }
    }

    /** True once every spout executor has been deactivated and holds no pending tree. */
    private boolean drained() {
        for (Executor ex : executors) {
            if (ex.kind() == ComponentKind.SPOUT && ex.pendingWhileInactive() != 0) {
                return false;
            }
        }
        return true;
    }

    /** Same as {@link #kill(Duration)} with this topology's grace period. */
    public KillReport kill() {
        return kill(killGrace);
    }

    /**
     * Stops every executor and the timer; spouts are closed and bolts cleaned up on their own
     * threads. An executor still in user code after {@code grace} (real time: this waits for
     * threads, not for anything on the topology's clock) is logged with where it is, and
     * interrupted; one that still does not stop within {@code grace} more is abandoned (its thread
     * is a daemon). Returns at most about twice {@code grace} after it is called. Idempotent: a
     * later call returns the first call's report.
     */
    public KillReport kill(Duration grace) {
        synchronized (killLock) {
            if (killReport != null) {
                return killReport;
            }
            killed = true;
            env.drainSignal().pendingChanged();
            timer.stop();
            clockHook.run();
            for (Executor ex : executors) {
                ex.stop();
            }
            scheduler.stop();
            boolean interrupted = false;
            long graceNanos = Math.max(0, grace.toNanos());
            List<Scheduler.Stuck> stuck = List.of();
            try {
                if (!scheduler.awaitStopped(System.nanoTime() + graceNanos)) {
                    stuck = scheduler.stuck();
                    scheduler.interruptStuck();
                    scheduler.awaitStopped(System.nanoTime() + graceNanos);
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
            List<KillReport.StuckExecutor> report = new ArrayList<>();
            for (Scheduler.Stuck st : stuck) {
                boolean stopped = !st.thread().isAlive();
                String trace = format(st.trace());
                String component = st.cycle() instanceof Executor ? ((Executor) st.cycle()).componentId() : "-";
                List<Integer> tasks = tasksOf.getOrDefault(st.cycle(), List.of());
                report.add(new KillReport.StuckExecutor(component, tasks, st.threadName(), trace, stopped));
                LOG.warn("topology '{}': executor {} (component '{}', tasks {}) was still in user code {} ms after"
                                + " the kill; interrupted it, and it {}. Its thread {} was at:\n{}", name(),
                        st.cycle().name(), component, tasks, grace.toMillis(), stopped ? "stopped"
                                : "ignored that too: abandoned (a daemon thread; it closes its tasks if that code"
                                + " ever returns)", st.threadName(), trace);
            }
            try {
                timer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(graceNanos)));
            } catch (InterruptedException e) {
                interrupted = true;
            }
            shutdownWorkerHooks();
            // Exact for every executor that stopped (joined); an abandoned one may still change.
            killReport = new KillReport(name(), pendingTrees(), report);
            gone.countDown();
            // The keep-alive thread only waits for `gone`: join it, so the kill returns with no thread
            // of this topology left (a caller checking right after the kill would otherwise race it).
            try {
                keepAlive.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(graceNanos)));
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return killReport;
        }
    }

    private static String format(StackTraceElement[] trace) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement e : trace) {
            sb.append("\tat ").append(e).append('\n');
        }
        return sb.toString();
    }

    /**
     * After a fatal error, on the executor thread that hit it: that thread cannot wait for itself,
     * so the kill runs on a thread of its own, and the failing executor stops meanwhile.
     */
    private void stopAfterFatalError() {
        Thread stopper = new Thread(this::kill, "gale-" + name() + "-stopper");
        stopper.setDaemon(true);
        stopper.start();
    }

    public boolean isKilled() {
        return killed;
    }

    /** The first fatal error, if an {@link Error} stopped the topology (see {@link FatalError}); else null. */
    public ErrorInfo fatalError() {
        return env.fatal().error();
    }

    /** Throws if an {@link Error} stopped the topology. */
    public void checkNotFailed() {
        ErrorInfo e = env.fatal().error();
        if (e != null) {
            throw new IllegalStateException("topology '" + name() + "' was stopped by a fatal error in component '"
                    + e.componentId() + "', task " + e.taskId() + ": " + e.message(), env.fatal().cause());
        }
    }

    /** The executors, for tests and tools inside Gale. */
    public List<Executor> executors() {
        return Collections.unmodifiableList(executors);
    }

    public RuntimeEnv env() {
        return env;
    }
}
