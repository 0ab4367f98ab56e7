package dev.gale.storm.it;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import dev.gale.storm.StormRunner;
import dev.gale.storm.cluster.ClusterProcess;
import dev.gale.storm.cluster.StormProcessCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.TopologySummary;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/** The shared multi-process Storm cluster, topologies submitted through gale-storm with the test topology jar. */
final class StormEngine implements Engine {
    static final Duration CLUSTER_TIMEOUT = Duration.ofMinutes(2);

    private final StormProcessCluster cluster;
    private final Path jar;
    private final Set<String> submitted = new LinkedHashSet<>();

    StormEngine(StormProcessCluster cluster, Path jar) {
        this.cluster = cluster;
        this.jar = jar;
    }

    StormProcessCluster cluster() {
        return cluster;
    }

    @Override
    public EngineKind kind() {
        return EngineKind.STORM;
    }

    @Override
    public void submit(String name, Config conf, StormTopology topology) {
        cluster.awaitIdle(CLUSTER_TIMEOUT); // the previous test's workers gone: both slots free
        Config c = new Config();
        c.putAll(conf);
        c.putIfAbsent(Config.TOPOLOGY_WORKERS, 2);
        c.putAll(cluster.clientConf());
        StormRunner.submit(jar, name, c, topology);
        submitted.add(name);
    }

    @Override
    public void kill(String name) {
        submitted.remove(name);
        cluster.kill(name, CLUSTER_TIMEOUT);
    }

    @Override
    public void await(String what, Duration timeout, Duration step, BooleanSupplier condition) {
        try {
            Awaitility.await(what).atMost(timeout).pollInterval(Duration.ofMillis(500)).until(condition::getAsBoolean);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(e.getMessage() + "\nthe cluster's logs:\n" + cluster.logTail(40), e);
        }
    }

    String topologyId(String name) {
        TopologySummary t = cluster.topology(name);
        if (t == null) {
            throw new AssertionError("no topology '" + name + "' runs on the cluster");
        }
        return t.get_id();
    }

    @Override
    public void crashAndRecover(String name, Config conf, StormTopology topology) {
        String id = topologyId(name);
        ClusterProcess victim = cluster.workers(id).stream().min(Comparator.comparingInt(ClusterProcess::port))
                .orElseThrow(() -> new AssertionError("topology '" + name + "' has no worker to kill"));
        cluster.kill9(victim);
        await("the Supervisor to start the worker on port " + victim.port() + " again", CLUSTER_TIMEOUT, Duration.ZERO,
                () -> cluster.workers(id).stream().anyMatch(w -> w.port() == victim.port() && w.pid() != victim.pid()));
    }

    /** The worker processes running the topology now (from the operating system). */
    List<ClusterProcess> workers(String name) {
        return cluster.workers(topologyId(name));
    }

    @Override
    public int processes(String name) {
        String id = topologyId(name);
        List<ExecutorSummary> executors = cluster.nimbus(n -> n.getTopologyInfo(id)).get_executors();
        return (int) executors.stream().filter(e -> !e.get_component_id().startsWith("__"))
                .map(e -> e.get_host() + ":" + e.get_port()).distinct().count();
    }

    @Override
    public void close() {
        for (String name : List.copyOf(submitted)) {
            try {
                kill(name);
            } catch (RuntimeException e) {
                // the cluster goes away at the end of the run anyway
            }
        }
    }
}
