package dev.gale.daemon.nimbus;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.Bolt;
import dev.gale.generated.BoltStats;
import dev.gale.generated.ClusterSummary;
import dev.gale.generated.ComponentCommon;
import dev.gale.generated.ErrorInfo;
import dev.gale.generated.ExecutorInfo;
import dev.gale.generated.ExecutorSpecificStats;
import dev.gale.generated.ExecutorStats;
import dev.gale.generated.ExecutorSummary;
import dev.gale.generated.GetInfoOptions;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.KillOptions;
import dev.gale.generated.NimbusSummary;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.NumErrorsChoice;
import dev.gale.generated.SharedMemory;
import dev.gale.generated.SpoutSpec;
import dev.gale.generated.SpoutStats;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SupervisorSummary;
import dev.gale.generated.TopologyInfo;
import dev.gale.generated.TopologySummary;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.StreamStats;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import dev.gale.utils.Json;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Storm's Nimbus as a read-only view of a {@link LocalCluster} (plus kill, activate and
 * deactivate, which it passes on), answering {@link dev.gale.generated.Nimbus.Iface} from the
 * cluster's public stats ({@code getTopologyStats}, {@code getTopologyGraph}), so code that reads
 * topology statistics through Nimbus's client runs unchanged. What differs from a Storm cluster:
 *
 * <ul>
 *   <li>A topology's id is its name; everything runs on one host, {@code localhost}, shown as one
 *       supervisor with one worker and a leading Nimbus.
 *   <li>Counts are totals since submit, under the window {@code ":all-time"} only (Gale keeps no
 *       10-minute, 3-hour or 1-day windows).
 *   <li>Gale counts acks, fails, executions and latencies per task, not per stream: a spout's
 *       appear under the stream it emitted most on ({@code "default"} if none), a bolt's under its
 *       first input stream. {@code process_ms_avg} is the execute latency (Gale does not time
 *       execute-to-ack). Tasks are grouped into executors as the engine groups them: consecutive,
 *       as evenly as possible.
 *   <li>Requested resources add up each executor's {@code setMemoryLoad}/{@code setCPULoad} (Storm's
 *       defaults where unset: 128 MB on heap, 10% of a core) and every shared memory region once;
 *       assigned resources are not set, as nothing is scheduled.
 * </ul>
 *
 * <p>Thread-safe (the cluster is).
 */
public class Nimbus implements dev.gale.generated.Nimbus.Iface { // fully qualified: its own name is Nimbus
    private static final String ALL_TIME = ":all-time";
    private static final String HOST = "localhost";
    private static final String ACKER = "__acker";
    private static final String VERSION = "gale";
    /** Resources that have fields of their own; the generic resources are the others. */
    private static final Set<String> STANDARD_RESOURCES = Set.of(
            Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB,
            Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT);

    private final LocalCluster cluster;
    private final long startMillis;

    /** A view of {@code cluster}; its uptime counts from now, on the cluster's clock. */
    public Nimbus(LocalCluster cluster) {
        this.cluster = cluster;
        this.startMillis = cluster.getClock().millis();
    }

    private int uptimeSecs() {
        return (int) Math.max(0, (cluster.getClock().millis() - startMillis) / 1000);
    }

    @Override
    public void killTopology(String name) {
        cluster.killTopology(name);
    }

    @Override
    public void killTopologyWithOpts(String name, KillOptions options) {
        cluster.killTopologyWithOpts(name, options);
    }

    @Override
    public void activate(String name) {
        cluster.activate(name);
    }

    @Override
    public void deactivate(String name) {
        cluster.deactivate(name);
    }

    @Override
    public ClusterSummary getClusterInfo() {
        List<TopologySummary> topologies = getTopologySummaries();
        SupervisorSummary supervisor = new SupervisorSummary(HOST, uptimeSecs(), 1, topologies.isEmpty() ? 0 : 1, HOST);
        supervisor.set_version(VERSION);
        return new ClusterSummary(new ArrayList<>(List.of(supervisor)), topologies, new ArrayList<>(List.of(getLeader())));
    }

    @Override
    public List<TopologySummary> getTopologySummaries() {
        List<TopologySummary> out = new ArrayList<>();
        for (String name : new TreeSet<>(cluster.getTopologyNames())) {
            try {
                out.add(getTopologySummaryByName(name));
            } catch (NotAliveException killedMeanwhile) {
                // gone between listing and reading
            }
        }
        return out;
    }

    @Override
    public TopologySummary getTopologySummaryByName(String name) {
        TopologyStats stats = cluster.getTopologyStats(name);
        TopologyGraph graph = cluster.getTopologyGraph(name);
        int tasks = stats.components().stream().mapToInt(c -> c.tasks().size()).sum();
        TopologySummary s = new TopologySummary(name, name, tasks, executors(graph, stats), 1,
                (int) (stats.uptimeMillis() / 1000), cluster.getTopologyStatus(name));
        s.set_storm_version(VERSION);
        s.set_sched_status("Running in this JVM");
        s.set_owner(System.getProperty("user.name", ""));
        s.set_replication_count(1);
        Requested r = requested(cluster.getTopology(name));
        s.set_requested_memonheap(r.onHeap);
        s.set_requested_memoffheap(r.offHeap);
        s.set_requested_cpu(r.cpu);
        s.set_requested_generic_resources(r.generic);
        return s;
    }

    @Override
    public TopologySummary getTopologySummary(String id) {
        return getTopologySummaryByName(id);
    }

    @Override
    public NimbusSummary getLeader() {
        return new NimbusSummary(HOST, 0, uptimeSecs(), true, VERSION);
    }

    @Override
    public boolean isTopologyNameAllowed(String name) {
        return name != null && !name.isBlank() && !cluster.getTopologyNames().contains(name);
    }

    @Override
    public TopologyInfo getTopologyInfoByName(String name) {
        return getTopologyInfoByNameWithOpts(name, null);
    }

    @Override
    public TopologyInfo getTopologyInfo(String id) {
        return getTopologyInfoByNameWithOpts(id, null);
    }

    @Override
    public TopologyInfo getTopologyInfoWithOpts(String id, GetInfoOptions options) {
        return getTopologyInfoByNameWithOpts(id, options);
    }

    @Override
    public TopologyInfo getTopologyInfoByNameWithOpts(String name, GetInfoOptions options) {
        TopologyStats stats = cluster.getTopologyStats(name);
        TopologyGraph graph = cluster.getTopologyGraph(name);
        int uptime = (int) (stats.uptimeMillis() / 1000);
        List<ExecutorSummary> executors = new ArrayList<>();
        Map<String, List<ErrorInfo>> errors = new LinkedHashMap<>();
        NumErrorsChoice choice = options == null || !options.is_set_num_err_choice() ? NumErrorsChoice.ALL
                : options.get_num_err_choice();
        for (ComponentStats c : stats.components()) {
            for (List<TaskStats> executor : executorsOf(c, graph)) {
                executors.add(summary(c, executor, graph, uptime));
            }
            List<ErrorInfo> errs = new ArrayList<>();
            for (dev.gale.stats.ErrorInfo e : c.lastErrors()) { // fully qualified: generated.ErrorInfo is imported
                ErrorInfo info = new ErrorInfo(e.stackTrace() == null || e.stackTrace().isEmpty() ? e.message() : e.stackTrace(),
                        (int) (e.timeMillis() / 1000));
                info.set_host(HOST);
                info.set_port(0);
                errs.add(info);
            }
            if (choice == NumErrorsChoice.NONE) {
                errs.clear();
            } else if (choice == NumErrorsChoice.ONE && errs.size() > 1) {
                errs = new ArrayList<>(errs.subList(errs.size() - 1, errs.size()));
            }
            errors.put(c.componentId(), errs);
        }
        TopologyInfo info = new TopologyInfo(name, name, uptime, executors, cluster.getTopologyStatus(name), errors);
        info.set_storm_version(VERSION);
        info.set_sched_status("Running in this JVM");
        info.set_owner(System.getProperty("user.name", ""));
        info.set_replication_count(1);
        Requested r = requested(cluster.getTopology(name));
        info.set_requested_memonheap(r.onHeap);
        info.set_requested_memoffheap(r.offHeap);
        info.set_requested_cpu(r.cpu);
        return info;
    }

    @Override
    public StormTopology getTopology(String id) {
        return cluster.getTopology(id);
    }

    @Override
    public StormTopology getUserTopology(String id) {
        return cluster.getTopology(id);
    }

    private static int executors(TopologyGraph graph, TopologyStats stats) {
        int n = graph.components().stream().mapToInt(TopologyGraph.Node::executors).sum();
        return n + stats.component(ACKER).map(c -> c.tasks().size()).orElse(0);
    }

    /** The component's tasks, grouped by executor: consecutive, as evenly as the engine splits them. */
    private static List<List<TaskStats>> executorsOf(ComponentStats c, TopologyGraph graph) {
        List<TaskStats> tasks = new ArrayList<>(c.tasks());
        tasks.sort((a, b) -> Integer.compare(a.taskId(), b.taskId()));
        int executors = graph.components().stream().filter(n -> n.componentId().equals(c.componentId()))
                .mapToInt(TopologyGraph.Node::executors).findFirst().orElse(tasks.size());
        executors = Math.max(1, Math.min(executors, tasks.size()));
        List<List<TaskStats>> out = new ArrayList<>();
        for (int e = 0; e < executors && !tasks.isEmpty(); e++) {
            out.add(tasks.subList(e * tasks.size() / executors, (e + 1) * tasks.size() / executors));
        }
        return out;
    }

    private static ExecutorSummary summary(ComponentStats c, List<TaskStats> tasks, TopologyGraph graph, int uptime) {
        ExecutorInfo info = new ExecutorInfo(tasks.get(0).taskId(), tasks.get(tasks.size() - 1).taskId());
        ExecutorSummary s = new ExecutorSummary(info, c.componentId(), HOST, 0, uptime);
        Map<String, Long> emitted = new LinkedHashMap<>();
        Map<String, Long> transferred = new LinkedHashMap<>();
        for (TaskStats t : tasks) {
            for (StreamStats st : t.streams()) {
                emitted.merge(st.streamId(), st.emitted(), Long::sum);
                transferred.merge(st.streamId(), st.transferred(), Long::sum);
            }
        }
        ExecutorSpecificStats specific = c.kind() == ComponentKind.SPOUT ? ExecutorSpecificStats.spout(spoutStats(tasks, emitted))
                : ExecutorSpecificStats.bolt(boltStats(c.componentId(), tasks, graph));
        s.set_stats(new ExecutorStats(window(emitted), window(transferred), specific, 1.0));
        return s;
    }

    private static SpoutStats spoutStats(List<TaskStats> tasks, Map<String, Long> emitted) {
        String stream = emitted.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                .orElse(Utils.DEFAULT_STREAM_ID);
        long acked = 0;
        long failed = 0;
        double latencyTotal = 0;
        long latencyCount = 0;
        for (TaskStats t : tasks) {
            acked += t.acked();
            failed += t.failed();
            if (t.completeLatency() != null && t.completeLatency().count() > 0) {
                latencyTotal += t.completeLatency().meanMs() * t.completeLatency().count();
                latencyCount += t.completeLatency().count();
            }
        }
        return new SpoutStats(window(Map.of(stream, acked)), window(Map.of(stream, failed)),
                window(Map.of(stream, latencyCount == 0 ? 0.0 : latencyTotal / latencyCount)));
    }

    private static BoltStats boltStats(String componentId, List<TaskStats> tasks, TopologyGraph graph) {
        GlobalStreamId input = graph.edges().stream().filter(e -> e.target().equals(componentId)).findFirst()
                .map(e -> new GlobalStreamId(e.source(), e.stream()))
                .orElse(new GlobalStreamId("__system", "__tick"));
        long acked = 0;
        long failed = 0;
        long executed = 0;
        double latencyTotal = 0;
        for (TaskStats t : tasks) {
            acked += t.acked();
            failed += t.failed();
            executed += t.executed();
            latencyTotal += t.executeLatencyMs() * t.executed();
        }
        double latency = executed == 0 ? 0.0 : latencyTotal / executed;
        return new BoltStats(window(Map.of(input, acked)), window(Map.of(input, failed)), window(Map.of(input, latency)),
                window(Map.of(input, executed)), window(Map.of(input, latency)));
    }

    private static <K, V> Map<String, Map<K, V>> window(Map<K, V> values) {
        Map<String, Map<K, V>> m = new LinkedHashMap<>();
        m.put(ALL_TIME, new LinkedHashMap<>(values));
        return m;
    }

    /** Resources asked for by a topology's components, as Storm's resource-aware scheduler adds them. */
    private static final class Requested {
        double onHeap;
        double offHeap;
        double cpu;
        final Map<String, Double> generic = new LinkedHashMap<>();
    }

    private static Requested requested(StormTopology topology) {
        Requested r = new Requested();
        if (topology == null) {
            return r;
        }
        List<ComponentCommon> commons = new ArrayList<>();
        for (SpoutSpec s : topology.get_spouts().values()) {
            commons.add(s.get_common());
        }
        for (Bolt b : topology.get_bolts().values()) {
            commons.add(b.get_common());
        }
        Map<String, Object> defaults = Utils.readDefaultConfig();
        for (ComponentCommon common : commons) {
            Map<?, ?> conf = common.get_json_conf() == null ? Map.of() : (Map<?, ?>) Json.parse(common.get_json_conf());
            int executors = common.get_parallelism_hint();
            r.onHeap += executors * number(conf, defaults, Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB);
            r.offHeap += executors * number(conf, defaults, Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB);
            r.cpu += executors * number(conf, defaults, Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT);
            if (conf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_MAP) instanceof Map<?, ?> generic) {
                generic.forEach((k, v) -> {
                    if (v instanceof Number n && !STANDARD_RESOURCES.contains(String.valueOf(k))) {
                        r.generic.merge(String.valueOf(k), executors * n.doubleValue(), Double::sum);
                    }
                });
            }
        }
        for (SharedMemory m : topology.get_shared_memory().values()) {
            r.onHeap += m.get_on_heap();
            r.offHeap += m.get_off_heap_worker() + m.get_off_heap_node();
        }
        return r;
    }

    /** The component's value of {@code key}, else Storm's default from the one table of them. */
    private static double number(Map<?, ?> conf, Map<String, Object> defaults, String key) {
        return (conf.get(key) instanceof Number n ? n : (Number) defaults.get(key)).doubleValue();
    }
}
