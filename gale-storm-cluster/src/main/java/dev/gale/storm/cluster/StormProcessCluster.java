package dev.gale.storm.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NimbusSummary;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.SupervisorSummary;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;

/**
 * A real Apache Storm cluster on this machine, for tests, demos and benchmarks: ZooKeeper (Storm's
 * own, as {@code storm dev-zookeeper} runs it), Nimbus and one Supervisor with its worker slots,
 * each a JVM of its own started with {@code java -cp} from a Storm home laid out from Storm's
 * Maven Central jars; the Supervisor starts the workers, as in production. Everything is addressed
 * as 127.0.0.1 ({@code storm.local.hostname}, {@code storm.zookeeper.servers},
 * {@code nimbus.seeds}); Nimbus, the Supervisor and the workers still bind the wildcard address,
 * so run it inside a private network namespace ({@link NetworkIsolation}) where the machine
 * allows. The monitors run every second or two so that topologies start and stop quickly.
 *
 * <p>{@link #close()} stops every process of the cluster by its pid (workers and their log
 * writers included, found by the Storm home on their command line), also from a shutdown hook if
 * the JVM exits first. Linux only ({@code /proc}). Thread-safe.
 */
public final class StormProcessCluster implements AutoCloseable {
    /** StormSubmitter reads the jar to upload from this system property; submits take turns. */
    private static final Object SUBMIT_LOCK = new Object();

    private final ClusterHome home;
    private final String marker;
    private final int slots;
    private final PrintStream log;
    private final Map<String, Object> clientConf;
    private final Map<String, Process> daemons = new LinkedHashMap<>();
    private final Thread shutdownHook;
    private final boolean keepFiles;
    private Duration startDuration;
    private boolean closed;

    private StormProcessCluster(Builder b) {
        this.home = new ClusterHome(b.home);
        this.marker = "-Dstorm.home=" + home.dir();
        this.slots = b.slots;
        this.log = b.log;
        this.keepFiles = b.keepFiles;
        this.clientConf = new HashMap<>();
        this.shutdownHook = new Thread(this::close, "storm-cluster-shutdown");
    }

    /** A builder with the defaults: 2 worker slots, 256 MB of heap per worker, files in a new temporary directory. */
    public static Builder builder() {
        return new Builder();
    }

    /** Settings of a cluster to start. Not thread-safe. */
    public static final class Builder {
        private Path home;
        private int slots = 2;
        private int workerHeapMb = 256;
        private String workerJvmOptions = "-XX:+UseSerialGC";
        private PrintStream log = System.out;
        private Duration startTimeout = Duration.ofSeconds(120);
        private final Map<String, Object> extraConf = new LinkedHashMap<>();
        private boolean keepFiles;

        private Builder() {
        }

        /** Where the Storm home goes; emptied first. Default: a new temporary directory. */
        public Builder home(Path dir) {
            this.home = dir;
            return this;
        }

        /** Worker slots of the one Supervisor. */
        public Builder slots(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("slots must be at least 1, got " + n);
            }
            this.slots = n;
            return this;
        }

        /** Heap of each worker JVM, in MB. */
        public Builder workerHeapMb(int mb) {
            this.workerHeapMb = mb;
            return this;
        }

        /** JVM options of each worker besides its heap, e.g. {@code -XX:+UseG1GC}. */
        public Builder workerJvmOptions(String options) {
            this.workerJvmOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /** Where progress lines go (null: nowhere). */
        public Builder log(PrintStream out) {
            this.log = out;
            return this;
        }

        public Builder startTimeout(Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /** A storm.yaml setting of the cluster, overriding this class's own. */
        public Builder conf(String key, Object value) {
            extraConf.put(key, value);
            return this;
        }

        /** Keep the Storm home (logs, local state) after {@link #close()}; default: delete it. */
        public Builder keepFiles(boolean keep) {
            this.keepFiles = keep;
            return this;
        }

        /**
         * Lays out the Storm home, starts ZooKeeper, Nimbus and the Supervisor, and returns once
         * Nimbus leads and the Supervisor has registered its slots.
         *
         * @throws IllegalStateException if a daemon dies or the cluster is not up in time; every
         *         process started is stopped first, and the message holds the end of the logs
         */
        public StormProcessCluster start() {
            try {
                if (home == null) {
                    home = Files.createTempDirectory("gale-storm-cluster-");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            StormProcessCluster c = new StormProcessCluster(this);
            try {
                c.start(this);
            } catch (RuntimeException | Error e) {
                String logs = c.logTail(30);
                c.close();
                throw new IllegalStateException("the Storm cluster did not start: " + e.getMessage() + "\n" + logs, e);
            }
            return c;
        }
    }

    private void start(Builder b) {
        long t0 = System.nanoTime();
        reapLeftovers();
        int zkPort = ClusterHome.freePort();
        int nimbusPort = ClusterHome.freePort();
        int supervisorPort = ClusterHome.freePort();
        List<Integer> slotPorts = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
            slotPorts.add(ClusterHome.freePort());
        }
        Map<String, Object> yaml = new LinkedHashMap<>();
        yaml.put("storm.zookeeper.servers", List.of("127.0.0.1"));
        yaml.put("storm.zookeeper.port", zkPort);
        yaml.put("storm.local.hostname", "127.0.0.1");
        yaml.put("storm.local.dir", home.localDir().toString());
        yaml.put("storm.log.dir", home.logs().toString());
        yaml.put("dev.zookeeper.path", home.dir().resolve("zookeeper").toString());
        yaml.put("storm.health.check.dir", home.dir().resolve("healthchecks").toString());
        yaml.put("nimbus.seeds", List.of("127.0.0.1"));
        yaml.put("nimbus.thrift.port", nimbusPort);
        yaml.put("supervisor.thrift.port", supervisorPort);
        yaml.put("supervisor.slots.ports", slotPorts);
        // Short monitor timers: topologies are scheduled, started and cleaned up within seconds.
        yaml.put("nimbus.monitor.freq.secs", 2);
        yaml.put("supervisor.monitor.frequency.secs", 1);
        yaml.put("supervisor.worker.shutdown.sleep.secs", 1);
        // A worker killed on purpose must not get the Supervisor black-listed for half an hour.
        yaml.put("blacklist.scheduler.tolerance.count", 1000);
        yaml.put("worker.heap.memory.mb", b.workerHeapMb);
        // A fixed heap, not %HEAP-MEM%: Nimbus would size it from the executors' default memory
        // hints (128 MB each), which is more than this throwaway cluster should take.
        yaml.put("worker.childopts", "-Xmx" + b.workerHeapMb + "m " + b.workerJvmOptions);
        yaml.put("topology.worker.logwriter.childopts", "-Xmx32m -XX:+UseSerialGC -XX:TieredStopAtLevel=1");
        yaml.putAll(b.extraConf);
        home.create(StormLibraries.fromBuild(), yaml);

        clientConf.put("nimbus.seeds", List.of("127.0.0.1"));
        clientConf.put("nimbus.thrift.port", nimbusPort);
        clientConf.put("storm.zookeeper.servers", List.of("127.0.0.1"));
        clientConf.put("storm.zookeeper.port", zkPort);

        say("starting ZooKeeper, Nimbus and a Supervisor with " + slots + " slots in " + home.dir());
        say(NetworkIsolation.describe());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        Path zkData = home.dir().resolve("zookeeper");
        daemons.put("zookeeper", daemon("zookeeper", DevZooKeeper.class.getName(), 128, ownEntry(), zkData.toString(),
                Integer.toString(zkPort)));
        long deadline = System.nanoTime() + b.startTimeout.toNanos();
        // Nimbus and the Supervisor give up on a ZooKeeper that does not answer within a few retries.
        await("ZooKeeper to listen on 127.0.0.1:" + zkPort, deadline, () -> listening(zkPort));
        daemons.put("nimbus", daemon("nimbus", "org.apache.storm.daemon.nimbus.Nimbus", 384, null));
        daemons.put("supervisor", daemon("supervisor", "org.apache.storm.daemon.supervisor.Supervisor", 192, null));
        await("Nimbus to lead and the Supervisor to register " + slots + " slots", deadline, this::ready);
        startDuration = Duration.ofNanos(System.nanoTime() - t0);
        say(String.format("ready in %.1f s: ZooKeeper 127.0.0.1:%d, Nimbus 127.0.0.1:%d, worker slots %s",
                startDuration.toMillis() / 1000.0, zkPort, nimbusPort, slotPorts));
    }

    /** This module's jar or classes directory, for the ZooKeeper JVM's class path. */
    private static Path ownEntry() {
        try {
            return Path.of(DevZooKeeper.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot find gale-storm-cluster's own classes: " + e, e);
        }
    }

    /** @param extraEntry a class-path entry besides Storm's daemon jars, or null */
    private Process daemon(String role, String mainClass, int heapMb, Path extraEntry, String... args) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String cp = home.dir().resolve("lib") + "/*:" + home.dir().resolve("conf") + (extraEntry == null ? "" : ":" + extraEntry);
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xmx" + heapMb + "m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Dgale.storm.role=" + role, marker, "-Dstorm.log.dir=" + home.logs(),
                "-Dlogfile.name=" + role + ".log", "-Dlog4j.configurationFile=" + home.dir().resolve("log4j2/cluster.xml"),
                "-Djava.net.preferIPv4Stack=true", "-cp", cp, mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.dir().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.logs().resolve(role + ".out").toFile()));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home")); // the Supervisor starts workers with it
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + role + ": " + e.getMessage(), e);
        }
    }

    private boolean ready() {
        for (Map.Entry<String, Process> d : daemons.entrySet()) {
            if (!d.getValue().isAlive()) {
                throw new IllegalStateException(d.getKey() + " exited with status " + d.getValue().exitValue());
            }
        }
        try {
            ClusterSummary s = nimbus(Nimbus.Iface::getClusterInfo);
            boolean leader = s.get_nimbuses().stream().anyMatch(NimbusSummary::is_isLeader);
            int registered = s.get_supervisors().stream().mapToInt(SupervisorSummary::get_num_workers).sum();
            return leader && registered >= slots;
        } catch (RuntimeException e) {
            return false; // not up yet
        }
    }

    private boolean listening(int port) {
        Process zk = daemons.get("zookeeper");
        if (!zk.isAlive()) {
            throw new IllegalStateException("zookeeper exited with status " + zk.exitValue());
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void await(String what, long deadlineNanos, BooleanSupplier condition) {
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadlineNanos) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            try {
                Thread.sleep(200); // polling processes of their own: nothing to be woken by
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
    }

    private void say(String line) {
        if (log != null) {
            log.println("storm cluster: " + line);
        }
    }

    // ---- what users of the cluster need --------------------------------------------------------

    /** The Storm home: logs/, storm-local/, conf/storm.yaml. */
    public Path home() {
        return home.dir();
    }

    /** How long {@code start()} took, from laying out the home to the Supervisor's slots registered. */
    public Duration startDuration() {
        return startDuration;
    }

    /** The settings a client needs (nimbus.seeds, nimbus.thrift.port, ZooKeeper): add them to a topology's configuration. */
    public Map<String, Object> clientConf() {
        return Map.copyOf(clientConf);
    }

    /** A call to Nimbus through its Thrift client. */
    @FunctionalInterface
    public interface NimbusCall<T> {
        T call(Nimbus.Iface nimbus) throws Exception;
    }

    /**
     * Runs {@code call} on a new connection to Nimbus and closes it.
     *
     * @throws IllegalStateException wrapping whatever the call or the connection threw
     */
    public <T> T nimbus(NimbusCall<T> call) {
        try (NimbusClient client = NimbusClient.getConfiguredClient(new HashMap<>(clientConf), 10_000)) {
            return call.call(client.getClient());
        } catch (Exception e) {
            throw new IllegalStateException("Nimbus call failed: " + e, e);
        }
    }

    /**
     * Submits a topology (already in Storm's form) with {@code jar} as its code, through Storm's
     * {@code StormSubmitter}; {@link #clientConf()} is added to {@code conf}.
     */
    public void submit(Path jar, String name, Map<String, Object> conf, StormTopology topology) {
        Map<String, Object> all = new HashMap<>(conf);
        all.putAll(clientConf);
        synchronized (SUBMIT_LOCK) {
            String before = System.getProperty("storm.jar");
            System.setProperty("storm.jar", jar.toAbsolutePath().toString());
            try {
                StormSubmitter.submitTopology(name, all, topology);
            } catch (Exception e) {
                throw new IllegalStateException("submitting '" + name + "' failed: " + e, e);
            } finally {
                if (before == null) {
                    System.clearProperty("storm.jar");
                } else {
                    System.setProperty("storm.jar", before);
                }
            }
        }
    }

    /** The summary of a running topology, by name, or null if none runs under that name. */
    public TopologySummary topology(String name) {
        for (TopologySummary t : nimbus(Nimbus.Iface::getClusterInfo).get_topologies()) {
            if (t.get_name().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Kills a topology at once (no wait) and returns when Nimbus has forgotten it and every worker
     * slot is free again, ready for the next topology.
     */
    public void kill(String name, Duration timeout) {
        kill(List.of(name), timeout);
    }

    /** As {@link #kill(String, Duration)}, for topologies that run at once: kills them all, then waits. */
    public void kill(List<String> names, Duration timeout) {
        for (String name : names) {
            nimbus(n -> {
                KillOptions o = new KillOptions();
                o.set_wait_secs(0);
                n.killTopologyWithOpts(name, o);
                return null;
            });
        }
        awaitIdle(timeout);
    }

    /** Waits until no topology runs and every slot is free (workers gone). */
    public void awaitIdle(Duration timeout) {
        await("the cluster to be idle (no topology, every slot free)", System.nanoTime() + timeout.toNanos(), () -> {
            ClusterSummary s = nimbus(Nimbus.Iface::getClusterInfo);
            int used = s.get_supervisors().stream().mapToInt(SupervisorSummary::get_num_used_workers).sum();
            return s.get_topologies().isEmpty() && used == 0 && workers(null).isEmpty();
        });
    }

    /** Every live process of the cluster: daemons, workers and the workers' log writers. */
    public List<ClusterProcess> processes() {
        return ClusterProcess.find(marker);
    }

    /** The live worker processes of a topology (by its id; null: of every topology). */
    public List<ClusterProcess> workers(String topologyId) {
        return processes().stream().filter(p -> p.role().equals("worker"))
                .filter(p -> topologyId == null || topologyId.equals(p.topologyId())).toList();
    }

    /** The resident memory of the whole cluster now, in bytes: every process summed. */
    public long rssBytes() {
        return processes().stream().mapToLong(ClusterProcess::rssBytes).sum();
    }

    /** Kills one process of the cluster with SIGKILL ({@code kill -9}), as a crash would. */
    public void kill9(ClusterProcess p) {
        if (!processes().contains(p)) {
            throw new IllegalArgumentException(p + " is not a live process of this cluster");
        }
        p.handle().ifPresent(ProcessHandle::destroyForcibly);
        say("killed " + p + " with SIGKILL");
    }

    /** The last lines of every log of the cluster (daemons and workers), for a failure message. */
    public String logTail(int linesPerFile) {
        StringBuilder sb = new StringBuilder();
        if (!Files.isDirectory(home.logs())) {
            return "";
        }
        try (Stream<Path> files = Files.walk(home.logs())) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                List<String> lines = Files.readAllLines(f, StandardCharsets.ISO_8859_1);
                sb.append("---- ").append(home.dir().relativize(f)).append(" (last ").append(linesPerFile).append(" lines)\n");
                for (String l : lines.subList(Math.max(0, lines.size() - linesPerFile), lines.size())) {
                    sb.append(l).append('\n');
                }
            }
        } catch (IOException e) {
            sb.append("(cannot read the logs: ").append(e).append(")\n");
        }
        return sb.toString();
    }

    /**
     * Stops every process of the cluster by its pid (SIGKILL: the cluster is thrown away): the
     * Supervisor first, so that it starts no more workers, then Nimbus, the workers and their log
     * writers, ZooKeeper; then deletes the home unless asked to keep it. Idempotent.
     */
    @Override
    public void close() {
        List<ClusterProcess> stopped;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            stopped = stopAll();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // shutting down already (this is the hook), or the hook was never added
        }
        say("stopped " + stopped.size() + " processes by pid: " + stopped);
        if (!keepFiles) {
            try {
                ClusterHome.deleteRecursively(home.dir());
            } catch (IOException e) {
                say("could not delete " + home.dir() + ": " + e);
            }
        }
    }

    private List<ClusterProcess> stopAll() {
        List<ClusterProcess> stopped = new ArrayList<>();
        for (String role : List.of("supervisor", "nimbus")) {
            Process p = daemons.get(role);
            if (p != null && p.isAlive()) {
                stopped.add(new ClusterProcess(p.pid(), role, null, 0));
                kill(p.toHandle());
            }
        }
        // Workers, log writers and ZooKeeper; twice, for a worker started while the Supervisor died.
        for (int round = 0; round < 2; round++) {
            for (ClusterProcess p : processes()) {
                p.handle().ifPresent(StormProcessCluster::kill);
                stopped.add(p);
            }
        }
        for (Process p : daemons.values()) {
            if (!ClusterProcess.stopped(p.pid())) {
                stopped.add(new ClusterProcess(p.pid(), "daemon", null, 0));
                kill(p.toHandle());
            }
        }
        Map<Long, ClusterProcess> byPid = new LinkedHashMap<>();
        for (ClusterProcess p : stopped) {
            byPid.putIfAbsent(p.pid(), p);
        }
        return List.copyOf(byPid.values());
    }

    private static void kill(ProcessHandle h) {
        h.destroyForcibly();
        // Not onExit(): an orphaned worker stays a zombie until init reaps it, and a container's
        // init may never do so; a zombie has stopped, which is all that matters here.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!ClusterProcess.stopped(h.pid()) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Processes a crashed earlier run left behind in this same home (its pid on our marker). */
    private void reapLeftovers() {
        List<ClusterProcess> left = processes();
        if (!left.isEmpty()) {
            say("stopping " + left.size() + " processes an earlier run left in " + home.dir() + ": " + left);
            for (ClusterProcess p : left) {
                p.handle().ifPresent(StormProcessCluster::kill);
            }
        }
    }
}
