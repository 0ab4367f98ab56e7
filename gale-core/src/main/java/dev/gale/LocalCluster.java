package dev.gale;

import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.spi.ClusterUi;
import dev.gale.spi.ClusterUiProvider;
import dev.gale.spi.UiSettings;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import dev.gale.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * Runs topologies inside this JVM: Gale's embedded engine, with Storm's {@code LocalCluster}
 * API. Every executor is a thread; topologies are validated at submit and run until killed or
 * until the cluster is closed.
 *
 * <p>Built with a {@link dev.gale.time.SimulatedClock} ({@link Builder#withClock}), a whole
 * topology runs on simulated time: when {@code clock.advance(...)} returns, every tick, rotation
 * and timeout due by then has been delivered and handled; {@link #waitForIdle()} then waits for
 * the tuples in flight.
 *
 * <p>Thread-safe.
 */
public class LocalCluster implements AutoCloseable {
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private final Clock clock;
    private final Map<String, RunningTopology> topologies = new LinkedHashMap<>();
    private boolean closed;
    private final ClusterUi ui;

    /** A cluster on the system clock. */
    public LocalCluster() {
        this(new Builder());
    }

    private LocalCluster(Builder b) {
        this.clock = b.clock;
        this.ui = b.ui == null ? null : startUi(b.ui);
    }

    private ClusterUi startUi(UiSettings settings) {
        ClusterUiProvider provider = ServiceLoader.load(ClusterUiProvider.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("withUi needs the gale-ui module on the classpath "
                        + "(Maven: dev.gale:gale-ui); no " + ClusterUiProvider.class.getName() + " was found"));
        return provider.start(this, settings);
    }

    /** Configures a {@link LocalCluster}. Not thread-safe. */
    public static final class Builder {
        private Clock clock = Clock.system();
        private UiSettings ui;

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
            this.clock = java.util.Objects.requireNonNull(clock, "clock");
            return this;
        }

        public LocalCluster build() {
            return new LocalCluster(this);
        }
    }

    /** A handle on a submitted topology; closing it kills the topology. */
    public final class LocalTopology implements AutoCloseable {
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
    public synchronized LocalTopology submitTopology(String topologyName, Map<String, Object> conf,
                                                     StormTopology topology) {
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
        Map<String, Object> c = conf == null ? Map.of() : conf;
        RunningTopology t = RunningTopology.start(topologyName, c, topology, clock, clock != Clock.system());
        topologies.put(topologyName, t);
        return new LocalTopology(topologyName);
    }

    /** Stops a topology at once: spouts are closed and bolts cleaned up on their own threads. */
    public synchronized void killTopology(String topologyName) {
        RunningTopology t = topologies.remove(topologyName);
        if (t == null) {
            throw new NotAliveException("no topology named '" + topologyName + "' is running; running: "
                    + topologies.keySet());
        }
        t.kill(KILL_TIMEOUT);
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

    /** The topology's components and the streams between them, with groupings (Gale addition). */
    public synchronized TopologyGraph getTopologyGraph(String topologyName) {
        return get(topologyName).graph();
    }

    /** The web UI's address, when built {@link Builder#withUi(int) withUi} (Gale addition). */
    public Optional<URI> getUiUrl() {
        return Optional.ofNullable(ui).map(ClusterUi::url);
    }

    /** The token the web UI's mutating requests need, when built with a UI (Gale addition). */
    public Optional<String> getUiToken() {
        return Optional.ofNullable(ui).map(ClusterUi::token);
    }

    /** Names of the running topologies. */
    public synchronized Set<String> getTopologyNames() {
        return Set.copyOf(topologies.keySet());
    }

    /** The clock this cluster runs on. */
    public Clock getClock() {
        return clock;
    }

    /**
     * Returns once every running topology is idle: all queues empty, no executor mid-tuple, no
     * fed spout holding input. Waits at most a minute (real time).
     *
     * @throws IllegalStateException if a topology does not become idle in time
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

    /** Internal: the running topology, for Gale's own tools and tests. */
    public synchronized RunningTopology runningTopology(String topologyName) {
        return get(topologyName);
    }

    private RunningTopology get(String name) {
        RunningTopology t = topologies.get(name);
        if (t == null) {
            throw new NotAliveException("no topology named '" + name + "' is running; running: " + topologies.keySet());
        }
        return t;
    }

    /** Kills every topology, then stops the UI if there is one. */
    public void shutdown() {
        synchronized (this) {
            for (String name : new ArrayList<>(topologies.keySet())) {
                killTopology(name);
            }
            closed = true;
        }
        // Outside the lock: the UI's request threads may be waiting for it, and stopping the
        // server waits for them.
        if (ui != null) {
            ui.close();
        }
    }

    @Override
    public void close() {
        shutdown();
    }
}
