package dev.gale;

import dev.gale.daemon.nimbus.Nimbus;
import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.AuthorizationException;
import dev.gale.generated.ClusterSummary;
import dev.gale.generated.GetInfoOptions;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.KillOptions;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInfo;
import dev.gale.generated.TopologyInitialStatus;
import dev.gale.generated.TopologySummary;
import dev.gale.impl.env.TupleObserver;
import dev.gale.impl.runtime.Launch;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.impl.runtime.TopologyObservers;
import dev.gale.spi.ClusterUi;
import dev.gale.spi.ClusterUiProvider;
import dev.gale.spi.UiSettings;
import dev.gale.stats.MetricV1Value;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import dev.gale.stats.UserMetric;
import dev.gale.testing.TrackedTopology;
import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;
import dev.gale.utils.Time;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs topologies inside this JVM: Gale's embedded engine, with Storm's {@code LocalCluster}
 * API. Executors run as duty cycles on a few threads of this JVM (see {@code gale.scheduler.threads});
 * topologies are validated at submit and run until killed or until the cluster is closed.
 *
 * <p>Built with a {@link dev.gale.time.SimulatedClock} ({@link Builder#withClock}), a whole
 * topology runs on simulated time: when {@code clock.advance(...)} returns, every tick, rotation
 * and timeout due by then has been delivered and handled; {@link #waitForIdle()} then waits for
 * the tuples in flight.
 *
 * <p>Storm's builder options are accepted so Storm's tests port unchanged:
 * {@link Builder#withSimulatedTime()} runs the cluster on a fresh {@link Time.SimulatedTime}
 * (so {@link Time} reads it on every thread, and {@link #advanceClusterTime} drives it);
 * {@link Builder#withDaemonConf} gives every topology's configuration its {@code topology.*}
 * defaults; {@link Builder#withTracked()} only gives the cluster an id, since any Gale cluster
 * can run a {@link TrackedTopology}. Supervisors, ports and the Nimbus daemon mean nothing in one
 * JVM: every executor runs in this process. Built inside an open {@link Time.SimulatedTime}
 * without a clock of its own, a cluster runs on that simulated time, as Storm's does.
 *
 * <p>A kill stops every executor; one still in user code after the kill grace period
 * ({@link Builder#withKillGracePeriod}, 2 s by default) is logged with its stack trace and
 * interrupted. Engine threads are daemons, so even user code that ignores the interrupt cannot
 * keep the JVM alive once its topology is killed; a running topology does keep it alive.
 *
 * <p>An {@link Error} thrown by user code (such as {@code OutOfMemoryError}) is fatal: the
 * topology stops at once, the error is logged and shown in {@link TopologyStats#fatal()}, and
 * {@link #waitForIdle()} throws. The topology stays listed until killed.
 *
 * <p>While it is open, it is where {@link StormSubmitter} submits (the last one built, if several
 * are open), as Storm's local mode does: a Storm main run inside a test's cluster runs on it.
 *
 * <p>Thread-safe.
 */
public class LocalCluster implements ILocalClusterTrackedTopologyAware {
    private static final Logger LOG = LoggerFactory.getLogger(LocalCluster.class);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private final Clock clock;
    private final boolean stepped;
    private final Duration killGrace;
    private final Map<String, RunningTopology> topologies = new LinkedHashMap<>();
    private final Map<String, StormTopology> submitted = new LinkedHashMap<>();
    private final Map<String, Object> daemonConf;
    private final String trackedId;
    /** The simulated time this cluster opened for itself (withSimulatedTime), closed with it. */
    private final Time.SimulatedTime ownTime;
    private boolean closed;
    private final ClusterUi ui;
    private final Nimbus nimbus;

    /** A cluster on the system clock. */
    public LocalCluster() {
        this(new Builder());
    }

    private LocalCluster(Builder b) {
        if (b.simulateTime && b.clock != null) {
            throw new IllegalArgumentException("withSimulatedTime() and withClock(...) both given: choose one");
        }
        if (b.simulateTime) {
            this.ownTime = new Time.SimulatedTime();
            this.clock = ownTime.getClock();
        } else {
            this.ownTime = null;
            this.clock = b.clock != null ? b.clock : Time.isSimulating() ? Time.simulatedClock() : Clock.system();
        }
        this.killGrace = b.killGrace;
        // Gale's own simulated clock (withClock) runs on the step scheduler unless asked otherwise:
        // only then is idleness exact and a run reproducible. Storm's simulated time
        // (withSimulatedTime, Time.SimulatedTime) keeps Storm's model, executors on threads while
        // time stands still, because Storm's tests poll for results between advances.
        this.stepped = b.stepped != null ? b.stepped : b.clock instanceof SimulatedClock;
        this.daemonConf = new LinkedHashMap<>(b.daemonConf);
        this.trackedId = b.trackedId;
        this.nimbus = new Nimbus(this);
        this.ui = b.ui == null ? null : startUi(b.ui);
        StormSubmitter.opened(this);
    }

    private ClusterUi startUi(UiSettings settings) {
        ClusterUiProvider provider = ServiceLoader.load(ClusterUiProvider.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("withUi needs the gale-ui module on the classpath "
                        + "(Maven: dev.gale:gale-ui); no " + ClusterUiProvider.class.getName() + " was found"));
        return provider.start(this, settings);
    }

    /** Configures a {@link LocalCluster}. Not thread-safe. */
    public static final class Builder {
        private Clock clock;
        private Duration killGrace = RunningTopology.DEFAULT_KILL_GRACE;
        private boolean simulateTime;
        private final Map<String, Object> daemonConf = new LinkedHashMap<>();
        private String trackedId;
        private UiSettings ui;
        private Boolean stepped;

        /**
         * Gale: runs every topology of the cluster on the step scheduler (true) or on scheduler
         * threads (false). By default a cluster given a {@link SimulatedClock} with
         * {@link #withClock} steps: its executors run only inside {@link LocalCluster#waitForIdle()},
         * {@code advanceClusterTime} and {@code SimulatedClock.advance}, on the calling thread,
         * until nothing is left to do, so idleness is exact and runs are reproducible. Any other
         * clock, and Storm's simulated time ({@link #withSimulatedTime()}), runs on threads.
         */
        public Builder withStepScheduler(boolean stepped) {
            this.stepped = stepped;
            return this;
        }

        /**
         * Serves a web UI, Storm UI's REST API and Prometheus metrics for this cluster on
         * 127.0.0.1 (Gale addition; needs the {@code gale-ui} module on the classpath). The URL
         * is logged and given by {@link LocalCluster#getUiUrl()}.
         *
         * @param port the port, 0 for any free one
         */
        public Builder withUi(int port) {
            return withUi(UiSettings.loopback(port));
        }

        /**
         * Same, with every setting explicit: {@code new UiSettings("0.0.0.0", 8080, true)} makes
         * the UI reachable from other machines (logged as a warning).
         */
        public Builder withUi(UiSettings settings) {
            if (settings.port() < 0 || settings.port() > 65535) {
                throw new IllegalArgumentException("UI port must be 0..65535, got " + settings.port());
            }
            this.ui = settings;
            return this;
        }

        /** Runs every topology of the cluster on this clock (e.g. a SimulatedClock in tests). */
        public Builder withClock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Storm's simulated time: the cluster opens a {@link Time.SimulatedTime} (from zero) and
         * runs every topology on its clock until closed. Time moves only through
         * {@link LocalCluster#advanceClusterTime} or {@link Time#advanceTime}.
         */
        public Builder withSimulatedTime() {
            return withSimulatedTime(true);
        }

        public Builder withSimulatedTime(boolean simulateTime) {
            this.simulateTime = simulateTime;
            return this;
        }

        /**
         * Storm's daemon configuration: its {@code topology.*} entries are defaults of every
         * topology's configuration; the others configure daemons Gale does not have.
         */
        public Builder withDaemonConf(Map<String, Object> conf) {
            if (conf != null) {
                daemonConf.putAll(conf);
            }
            return this;
        }

        public Builder withDaemonConf(String key, Object value) {
            daemonConf.put(key, value);
            return this;
        }

        /** Accepted for Storm's tests; one JVM has no supervisors. */
        public Builder withSupervisors(int supervisors) {
            return this;
        }

        /** Accepted for Storm's tests; one JVM has no worker ports. */
        public Builder withPortsPerSupervisor(int portsPerSupervisor) {
            return this;
        }

        /** Accepted for Storm's tests; one JVM has no worker ports. */
        public Builder withSupervisorSlotPortMin(Number minPort) {
            return this;
        }

        /** Accepted for Storm's tests; there is no Nimbus to serve. */
        public Builder withNimbusDaemon() {
            return this;
        }

        /** Accepted for Storm's tests; there is no Nimbus to serve. */
        public Builder withNimbusDaemon(Boolean nimbusDaemon) {
            return this;
        }

        /**
         * Storm's tracked cluster: gives the cluster a tracked id. Any Gale cluster runs a
         * {@link TrackedTopology}; this only sets {@link LocalCluster#getTrackedId()}.
         */
        public Builder withTracked() {
            return withTracked(UUID.randomUUID().toString());
        }

        public Builder withTracked(String trackId) {
            this.trackedId = trackId;
            return this;
        }

        /**
         * How long a kill waits (real time) for executors to leave user code before it interrupts
         * them, and again before it abandons those that ignore the interrupt. Default 2 s.
         */
        public Builder withKillGracePeriod(Duration grace) {
            if (grace.isNegative()) {
                throw new IllegalArgumentException("kill grace period must not be negative: " + grace);
            }
            this.killGrace = grace;
            return this;
        }

        public LocalCluster build() {
            return new LocalCluster(this);
        }
    }

    /** A handle on a submitted topology; closing it kills the topology. */
    public final class LocalTopology implements ILocalTopology {
        private final String name;

        private LocalTopology(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        @Override
        public void close() {
            synchronized (LocalCluster.this) {
                if (topologies.containsKey(name)) {
                    killTopology(name);
                }
            }
        }
    }

    /**
     * Validates and starts a topology.
     *
     * @throws InvalidTopologyException if the topology or its configuration is invalid; the message
     *     names the component, stream and field at fault
     * @throws AlreadyAliveException if a topology of that name runs already
     */
    @Override
    public LocalTopology submitTopology(String topologyName, Map<String, Object> conf, StormTopology topology) {
        return submit(topologyName, conf, topology, null, true);
    }

    /** Submits the topology of a {@link TrackedTopology}. */
    @Override
    public LocalTopology submitTopology(String topologyName, Map<String, Object> conf, TrackedTopology topology) {
        return submitTopology(topologyName, conf, topology.getTopology());
    }

    /**
     * Storm's submit with options: with initial status {@link TopologyInitialStatus#INACTIVE} the
     * spouts are opened but call no {@code nextTuple} until {@link #activate}.
     */
    @Override
    public LocalTopology submitTopologyWithOpts(String topologyName, Map<String, Object> conf, StormTopology topology,
                                                SubmitOptions submitOpts) {
        boolean active = submitOpts == null || submitOpts.get_initial_status() != TopologyInitialStatus.INACTIVE;
        return submit(topologyName, conf, topology, null, active);
    }

    /** Submits the topology of a {@link TrackedTopology} with options. */
    @Override
    public LocalTopology submitTopologyWithOpts(String topologyName, Map<String, Object> conf, TrackedTopology topology,
                                                SubmitOptions submitOpts) {
        return submitTopologyWithOpts(topologyName, conf, topology.getTopology(), submitOpts);
    }

    /** Submits, telling {@code observer} (if not null) of every emit, ack and fail (for {@link Testing}). */
    synchronized LocalTopology submit(String topologyName, Map<String, Object> conf, StormTopology topology,
                                      TupleObserver observer, boolean active) {
        if (closed) {
            throw new IllegalStateException("this LocalCluster is closed");
        }
        if (topologyName == null || topologyName.isBlank()) {
            throw new InvalidTopologyException("a topology needs a non-empty name");
        }
        if (topology == null) {
            throw new InvalidTopologyException("topology '" + topologyName + "' is null: pass builder.createTopology()");
        }
        if (topologies.containsKey(topologyName)) {
            throw new AlreadyAliveException("a topology named '" + topologyName + "' is already running");
        }
        Map<String, Object> c = new LinkedHashMap<>();
        daemonConf.forEach((k, v) -> {
            if (k.startsWith("topology.")) {
                c.put(k, v);
            }
        });
        if (conf != null) {
            c.putAll(conf);
        }
        TupleObserver observers = TopologyObservers.both(TopologyObservers.attached(topology), observer);
        RunningTopology t = RunningTopology.start(Launch.of(topologyName, c, topology, clock).withStepped(stepped)
                .withObserver(observers).withKillGrace(killGrace).withActive(active));
        topologies.put(topologyName, t);
        submitted.put(topologyName, topology);
        return new LocalTopology(topologyName);
    }

    /**
     * Stops a topology at once, dropping the tuple trees in flight: spouts are closed and bolts
     * cleaned up on their own threads (unlike Storm, whose kill without options first waits the
     * message timeout; see {@link #killTopologyWithOpts}). Returns once every executor stopped, or
     * within about twice the kill grace period if user code does not return.
     */
    public void killTopology(String topologyName) {
        KillOptions now = new KillOptions();
        now.set_wait_secs(0);
        killTopologyAndReport(topologyName, now);
    }

    /**
     * Storm's kill with options: deactivates the spouts (no more {@code nextTuple}; acks and fails
     * still arrive), waits until every pending tuple tree has completed or {@code wait_secs} have
     * passed on the cluster's clock, whichever comes first, then kills the topology as
     * {@link #killTopology} does. With {@code wait_secs} unset it waits up to the topology's
     * message timeout, as Storm does. Unlike Storm's, which returns at once and kills later, this
     * returns once the topology is gone, and logs how many trees were still pending.
     *
     * @throws NotAliveException if no topology of that name is running
     * @throws AuthorizationException never: the embedded engine has no authorisation
     */
    public void killTopologyWithOpts(String name, KillOptions options) throws NotAliveException, AuthorizationException {
        killTopologyAndReport(name, options);
    }

    /**
     * Gale only: {@link #killTopologyWithOpts} returning what the kill found: the tuple trees still
     * pending (dropped) and the executors that had to be interrupted.
     */
    public KillReport killTopologyAndReport(String name, KillOptions options) {
        RunningTopology t;
        synchronized (this) {
            t = get(name);
        }
        boolean drain = options == null || !options.is_set_wait_secs() || options.get_wait_secs() > 0;
        Duration wait = Duration.ofSeconds(options != null && options.is_set_wait_secs()
                ? Math.max(0, options.get_wait_secs()) : t.plan().settings().messageTimeoutSecs());
        boolean interrupted = false;
        if (drain) {
            try {
                t.drain(wait);
            } catch (InterruptedException e) {
                interrupted = true; // kill now
            }
        }
        synchronized (this) {
            if (topologies.remove(name, t)) {
                submitted.remove(name);
            }
        }
        KillReport report = t.kill();
        if (drain) {
            LOG.info("Killed topology '{}' after draining it (for up to {} s): {} tuple trees still pending", name,
                    wait.toSeconds(), report.pendingTrees());
        } else {
            LOG.debug("Killed topology '{}': {} tuple trees dropped", name, report.pendingTrees());
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return report;
    }

    /** Resumes calling {@code nextTuple} on the topology's spouts (after {@link #deactivate}). */
    public synchronized void activate(String topologyName) {
        get(topologyName).activate();
    }

    /** Stops calling {@code nextTuple} on the topology's spouts; acks and fails still arrive. */
    public synchronized void deactivate(String topologyName) {
        get(topologyName).deactivate();
    }

    /** Counters of every component of a topology. */
    public synchronized TopologyStats getTopologyStats(String topologyName) {
        return get(topologyName).stats();
    }

    /**
     * Whether the topology's spouts were last activated or deactivated, in Storm's words
     * (Gale addition): "ACTIVE" (from submit on) or "INACTIVE".
     */
    public synchronized String getTopologyStatus(String topologyName) {
        return get(topologyName).isActive() ? "ACTIVE" : "INACTIVE";
    }

    /**
     * The metrics the topology's components registered through Storm's metrics-v2 methods
     * ({@code TopologyContext.registerCounter}, {@code registerMeter}, ...), per component and
     * task, live (Gale addition; the UI's {@code /metrics} serves them too).
     */
    public synchronized List<UserMetric> getUserMetrics(String topologyName) {
        return get(topologyName).env().userMetrics().all();
    }

    /**
     * The last value each metric v1 of the topology reported ({@code TopologyContext.registerMetric},
     * read once per time bucket of the topology's clock), per component, task and name (Gale
     * addition; the UI and its {@code /metrics} show them too). Empty until a first bucket ends.
     */
    public synchronized List<MetricV1Value> getMetricV1Values(String topologyName) {
        return get(topologyName).env().metricV1Values().all();
    }

    /** The topology's components and the streams between them, with groupings (Gale addition). */
    public synchronized TopologyGraph getTopologyGraph(String topologyName) {
        return get(topologyName).graph();
    }

    /** The web UI's address, when built {@link Builder#withUi(int) withUi} (Gale addition). */
    public Optional<URI> getUiUrl() {
        return Optional.ofNullable(ui).map(ClusterUi::url);
    }

    /**
     * The token the web UI's mutating requests need (and its reads, when it listens beyond
     * loopback), when built with a UI (Gale addition). The UI never logs it.
     */
    public Optional<String> getUiToken() {
        return Optional.ofNullable(ui).map(ClusterUi::token);
    }

    /**
     * Storm's Nimbus of this cluster: a view answering {@code getClusterInfo}, {@code getTopologyInfo}
     * and the other reads of {@link dev.gale.generated.Nimbus.Iface} from the cluster's stats, and
     * passing kills, activations and deactivations on (see {@link dev.gale.daemon.nimbus.Nimbus} for how
     * it differs from a Storm cluster's).
     */
    public Nimbus getNimbus() {
        return nimbus;
    }

    @Override
    public ClusterSummary getClusterInfo() {
        return nimbus.getClusterInfo();
    }

    @Override
    public List<TopologySummary> getTopologySummaries() {
        return nimbus.getTopologySummaries();
    }

    @Override
    public TopologySummary getTopologySummaryByName(String name) {
        return nimbus.getTopologySummaryByName(name);
    }

    @Override
    public TopologySummary getTopologySummary(String id) {
        return nimbus.getTopologySummary(id);
    }

    @Override
    public TopologyInfo getTopologyInfo(String id) {
        return nimbus.getTopologyInfo(id);
    }

    @Override
    public TopologyInfo getTopologyInfoByName(String name) {
        return nimbus.getTopologyInfoByName(name);
    }

    @Override
    public TopologyInfo getTopologyInfoWithOpts(String id, GetInfoOptions options) {
        return nimbus.getTopologyInfoWithOpts(id, options);
    }

    @Override
    public TopologyInfo getTopologyInfoByNameWithOpts(String name,
                                                                        GetInfoOptions options) {
        return nimbus.getTopologyInfoByNameWithOpts(name, options);
    }

    /** Names of the running topologies. */
    public synchronized Set<String> getTopologyNames() {
        return Set.copyOf(topologies.keySet());
    }

    @Override
    public synchronized StormTopology getTopology(String id) {
        get(id);
        return submitted.get(id);
    }

    /** Storm's daemon configuration given to the builder. */
    public Map<String, Object> getDaemonConf() {
        return new LinkedHashMap<>(daemonConf);
    }

    @Override
    public String getTrackedId() {
        return trackedId;
    }

    /**
     * Advances simulated time by {@code secs} seconds, one second at a time, waiting for the
     * cluster to be idle before and after each step.
     *
     * @throws IllegalStateException if the cluster does not run on simulated time
     */
    @Override
    public void advanceClusterTime(int secs) throws InterruptedException {
        advanceClusterTime(secs, 1);
    }

    /**
     * Advances simulated time by {@code secs} seconds, {@code step} seconds at a time: each step
     * returns once every tick, rotation and timeout it made due has been handled and the tuples
     * they caused are processed ({@link #waitForIdle()}). Deterministic.
     *
     * @throws IllegalStateException if the cluster does not run on simulated time
     */
    @Override
    public void advanceClusterTime(int secs, int step) throws InterruptedException {
        if (!(clock instanceof SimulatedClock)) {
            throw new IllegalStateException("advanceClusterTime needs simulated time: build the cluster withSimulatedTime()"
                    + " or withClock(new SimulatedClock()); this one runs on " + clock);
        }
        if (step <= 0) {
            throw new IllegalArgumentException("step must be positive: " + step);
        }
        SimulatedClock simulated = (SimulatedClock) clock;
        waitForIdle();
        for (int left = secs; left > 0; left -= step) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            simulated.advance(Duration.ofSeconds(Math.min(step, left)));
            waitForIdle();
        }
    }

    /** The clock this cluster runs on. */
    public Clock getClock() {
        return clock;
    }

    /**
     * Returns once every running topology is idle: all queues empty, no executor mid-tuple, no
     * fed spout holding input. Waits at most a minute (real time).
     *
     * @throws IllegalStateException if a topology does not become idle in time, or was stopped by
     *     a fatal error (an {@link Error} in user code)
     */
    public void waitForIdle() {
        waitForIdle(IDLE_TIMEOUT);
    }

    /** Same as {@link #waitForIdle()} with a limit. */
    public void waitForIdle(Duration timeout) {
        List<RunningTopology> running;
        synchronized (this) {
            running = new ArrayList<>(topologies.values());
        }
        try {
            for (RunningTopology t : running) {
                t.waitForIdle(timeout);
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The running topology: for the testing kits in this package and Gale's own tests only. */
    synchronized RunningTopology runningTopology(String topologyName) {
        return get(topologyName);
    }

    private RunningTopology get(String name) {
        RunningTopology t = topologies.get(name);
        if (t == null) {
            throw new NotAliveException("no topology named '" + name + "' is running; running: " + topologies.keySet());
        }
        return t;
    }

    /** Kills every topology, stops the UI if there is one, and ends the cluster's own simulated time. */
    @Override
    public void shutdown() {
        List<String> names;
        synchronized (this) {
            closed = true;
            names = new ArrayList<>(topologies.keySet());
        }
        StormSubmitter.closed(this);
        for (String name : names) {
            try {
                killTopology(name);
            } catch (NotAliveException e) {
                // killed meanwhile by another thread
            }
        }
        // Outside the lock: the UI's request threads may be waiting for it, and stopping the
        // server waits for them.
        if (ui != null) {
            ui.close();
        }
        if (ownTime != null) {
            ownTime.close();
        }
    }

    @Override
    public void close() {
        shutdown();
    }
}
