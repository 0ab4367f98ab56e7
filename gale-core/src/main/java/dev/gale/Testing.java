package dev.gale;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.testkit.CompletionDriver;
import dev.gale.impl.testkit.EmitRecorder;
import dev.gale.impl.testkit.MockChecks;
import dev.gale.impl.testkit.PlaceholderSpout;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.topology.Subscription;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.impl.tuple.TupleImpl;
import dev.gale.stats.ComponentKind;
import dev.gale.task.TopologyContext;
import dev.gale.testing.CompletableSpout;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.FixedTuple;
import dev.gale.testing.FixedTupleSpout;
import dev.gale.testing.MkClusterParam;
import dev.gale.testing.MkTupleParam;
import dev.gale.testing.TestJob;
import dev.gale.testing.TrackedTopology;
import dev.gale.testing.TupleCaptureBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import dev.gale.utils.Time;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Storm's testing API ({@code org.apache.storm.Testing}) on Gale's engine, so Storm's tests port
 * by changing imports: clusters made for a test body, completed topologies read back as
 * {@link FixedTuple}s, tracked waits, simulated time and test tuples.
 *
 * <p>{@link #completeTopology(ILocalCluster, StormTopology, CompleteTopologyParam)} runs on the
 * given cluster, which must be a Gale {@link LocalCluster}: mocked spouts are replaced by
 * {@link FixedTupleSpout}s, every emit of every component is recorded, and the run ends once the
 * spouts are exhausted and no tuple tree is pending. On a simulated cluster, simulated time moves
 * on only when the topology is idle, so timeouts come without waiting. Gale's own kit,
 * {@link dev.gale.testing.Testing}, does the same on a private cluster and returns more (acks,
 * fails, stats).
 *
 * <p>Stateless and thread-safe.
 */
public class Testing {
    /**
     * Real time a test waits for a condition: 10 s, or the environment variable
     * {@code STORM_TEST_TIMEOUT_MS}, as in Storm.
     */
    public static final int TEST_TIMEOUT_MS = timeoutFromEnvironment();

    private static int timeoutFromEnvironment() {
        try {
            return Integer.parseInt(System.getenv("STORM_TEST_TIMEOUT_MS"));
        } catch (RuntimeException e) {
            return 10_000;
        }
    }

    /** A condition {@link #whileTimeout} loops on. */
    public interface Condition {
        boolean exec();
    }

    /** Runs {@code body} while {@code condition} holds, at most {@link #TEST_TIMEOUT_MS}. */
    public static void whileTimeout(Condition condition, Runnable body) {
        whileTimeout(TEST_TIMEOUT_MS, condition, body);
    }

    /**
     * Runs {@code body} while {@code condition} holds, at most {@code timeoutMs} of real time.
     *
     * @throws AssertionError if the condition still holds then
     */
    public static void whileTimeout(long timeoutMs, Condition condition, Runnable body) {
        long deadline = System.nanoTime() + Duration.ofMillis(timeoutMs).toNanos();
        while (condition.exec()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Test timed out (" + timeoutMs + "ms) " + condition);
            }
            body.run();
        }
    }

    public static <T> boolean isEvery(Collection<T> data, Predicate<T> pred) {
        return data.stream().allMatch(pred);
    }

    /**
     * Runs {@code code} in simulated time.
     *
     * @deprecated use {@code try (Time.SimulatedTime t = new Time.SimulatedTime()) { ... }}
     */
    @Deprecated
    public static void withSimulatedTime(Runnable code) {
        try (Time.SimulatedTime t = new Time.SimulatedTime()) {
            code.run();
        }
    }

    private static LocalCluster cluster(MkClusterParam param, boolean simulated, boolean tracked) {
        LocalCluster.Builder b = new LocalCluster.Builder().withDaemonConf(param.getDaemonConf())
                .withSimulatedTime(simulated);
        if (tracked) {
            b.withTracked();
        }
        return b.build();
    }

    private static void run(LocalCluster cluster, TestJob code) {
        try (LocalCluster lc = cluster) {
            code.run(lc);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    /**
     * Runs {@code code} on a new cluster, closed afterwards.
     *
     * @deprecated use {@code try (LocalCluster cluster = new LocalCluster()) { ... }}
     */
    @Deprecated
    public static void withLocalCluster(TestJob code) {
        withLocalCluster(new MkClusterParam(), code);
    }

    /** Same with cluster options. */
    @Deprecated
    public static void withLocalCluster(MkClusterParam param, TestJob code) {
        run(cluster(param, false, false), code);
    }

    /**
     * A cluster configured from Storm's option map ({@code "daemon-conf"}; supervisors and ports
     * are accepted and ignored).
     */
    @Deprecated
    @SuppressWarnings("unchecked")
    public static ILocalCluster getLocalCluster(Map<String, Object> clusterConf) {
        return new LocalCluster.Builder().withDaemonConf((Map<String, Object>) clusterConf.get("daemon-conf")).build();
    }

    /**
     * Runs {@code code} on a new cluster in simulated time (see {@link Time}), closed afterwards.
     *
     * @deprecated use {@code try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().build())}
     */
    @Deprecated
    public static void withSimulatedTimeLocalCluster(TestJob code) {
        withSimulatedTimeLocalCluster(new MkClusterParam(), code);
    }

    @Deprecated
    public static void withSimulatedTimeLocalCluster(MkClusterParam param, TestJob code) {
        run(cluster(param, true, false), code);
    }

    /**
     * Runs {@code code} on a new tracked cluster in simulated time, closed afterwards.
     *
     * @deprecated use {@code new LocalCluster.Builder().withTracked().withSimulatedTime().build()}
     */
    @Deprecated
    public static void withTrackedCluster(TestJob code) {
        withTrackedCluster(new MkClusterParam(), code);
    }

    @Deprecated
    public static void withTrackedCluster(MkClusterParam param, TestJob code) {
        run(cluster(param, true, true), code);
    }

    /** @deprecated use {@code new TrackedTopology(topology, cluster)}. */
    @Deprecated
    public static TrackedTopology mkTrackedTopology(ILocalCluster cluster, StormTopology topology) {
        return new TrackedTopology(topology, cluster);
    }

    public static void trackedWait(TrackedTopology topo) {
        topo.trackedWait();
    }

    public static void trackedWait(TrackedTopology topo, Integer amt) {
        topo.trackedWait(amt);
    }

    public static void trackedWait(TrackedTopology topo, Integer amt, Integer timeoutMs) {
        topo.trackedWait(amt, timeoutMs);
    }

    /**
     * A topology (tracked or plain) with a {@link TupleCaptureBolt} subscribed to every stream
     * of every component, to read what flowed through it.
     *
     * @param <T> {@link StormTopology} or {@link TrackedTopology}
     */
    public static final class CapturedTopology<T> {
        public final T topology;
        /** Holds what was captured. */
        public final TupleCaptureBolt capturer;

        public CapturedTopology(T topology, TupleCaptureBolt capturer) {
            this.topology = topology;
            this.capturer = capturer;
        }
    }

    /**
     * A copy of {@code topology} with a {@link TupleCaptureBolt} (one task, under a generated id)
     * subscribed to every declared stream of every component: global grouping, or direct
     * grouping for a direct stream (so it sees only what is sent to it), as in Storm.
     */
    public static CapturedTopology<StormTopology> captureTopology(StormTopology topology) {
        TupleCaptureBolt capturer = new TupleCaptureBolt();
        Map<String, ComponentDef> defs = new LinkedHashMap<>(topology.components());
        List<Subscription> inputs = new ArrayList<>();
        for (ComponentDef def : defs.values()) {
            for (StreamDef stream : def.outputs().values()) {
                inputs.add(new Subscription(new GlobalStreamId(def.id(), stream.streamId()),
                        Grouping.of(stream.direct() ? Grouping.Type.DIRECT : Grouping.Type.GLOBAL)));
            }
        }
        String id = UUID.randomUUID().toString();
        defs.put(id, new ComponentDef(id, ComponentKind.BOLT, capturer, 1, 1, Map.of(), Map.of(), inputs));
        return new CapturedTopology<>(withComponents(topology, defs), capturer);
    }

    /** Captures a topology (see {@link #captureTopology}) and tracks the result for {@code cluster}. */
    public static CapturedTopology<TrackedTopology> trackAndCaptureTopology(ILocalCluster cluster,
                                                                            StormTopology topology) {
        CapturedTopology<StormTopology> captured = captureTopology(topology);
        return new CapturedTopology<>(new TrackedTopology(captured.topology, cluster), captured.capturer);
    }

    public static void trackedWait(CapturedTopology<TrackedTopology> topo) {
        topo.topology.trackedWait();
    }

    public static void trackedWait(CapturedTopology<TrackedTopology> topo, Integer amt) {
        topo.topology.trackedWait(amt);
    }

    public static void trackedWait(CapturedTopology<TrackedTopology> topo, Integer amt, Integer timeoutMs) {
        topo.topology.trackedWait(amt, timeoutMs);
    }

    /** Advances the cluster's simulated time by {@code secs} seconds, one at a time. */
    public static void advanceClusterTime(ILocalCluster cluster, Integer secs) throws InterruptedException {
        advanceClusterTime(cluster, secs, 1);
    }

    /** Advances the cluster's simulated time by {@code secs} seconds, {@code step} at a time. */
    public static void advanceClusterTime(ILocalCluster cluster, Integer secs, Integer step)
            throws InterruptedException {
        cluster.advanceClusterTime(secs, step);
    }

    /** In simulated time, advances the cluster 10 s, as Storm's tests expect; else does nothing. */
    public static void simulateWait(ILocalCluster cluster) throws InterruptedException {
        if (Time.isSimulating()) {
            cluster.advanceClusterTime(10);
        }
    }

    /** Runs a topology to completion; see {@link #completeTopology(ILocalCluster, StormTopology, CompleteTopologyParam)}. */
    public static Map<String, List<FixedTuple>> completeTopology(ILocalCluster cluster, StormTopology topology)
            throws InterruptedException {
        return completeTopology(cluster, topology, new CompleteTopologyParam());
    }

    /**
     * Runs a topology on {@code cluster} until its spouts are exhausted and every tuple tree is
     * complete, then kills it; returns every tuple each component emitted, in the order each
     * task emitted them. Every spout must be mocked by the param's {@link dev.gale.testing.MockedSources}
     * or be a {@link CompletableSpout}.
     *
     * @throws InvalidTopologyException if a spout is neither mocked nor completable, or the mocks
     *     name a spout or stream the topology does not have, or the topology is invalid
     * @throws AssertionError if the run does not complete within the param's timeout
     * @throws IllegalArgumentException if {@code cluster} is not a Gale {@link LocalCluster}
     */
    public static Map<String, List<FixedTuple>> completeTopology(ILocalCluster cluster, StormTopology topology,
                                                                 CompleteTopologyParam param)
            throws InterruptedException {
        if (!(cluster instanceof LocalCluster)) {
            throw new IllegalArgumentException("completeTopology runs on a dev.gale.LocalCluster, not " + cluster);
        }
        LocalCluster lc = (LocalCluster) cluster;
        String name = param.getTopologyName() != null ? param.getTopologyName() : "topologytest-" + UUID.randomUUID();
        Map<String, ComponentDef> defs = new LinkedHashMap<>(topology.components());
        List<FixedTupleSpout> mocks = new ArrayList<>();
        for (Map.Entry<String, List<FixedTuple>> e : param.getMockedSources().getData().entrySet()) {
            ComponentDef spout = MockChecks.mockedSpout(defs, e.getKey(), e.getValue());
            FixedTupleSpout mock = new FixedTupleSpout(e.getValue());
            mocks.add(mock);
            defs.put(spout.id(), new ComponentDef(spout.id(), spout.kind(), mock, spout.parallelism(), spout.numTasks(),
                    spout.conf(), spout.outputs(), spout.inputs()));
        }
        List<CompletableSpout> spouts;
        try {
            spouts = CompletionDriver.completableSpouts(name, defs);
        } catch (InvalidTopologyException e) {
            mocks.forEach(FixedTupleSpout::cleanup);
            throw e;
        }
        spouts.forEach(CompletableSpout::startup);
        EmitRecorder recorder = new EmitRecorder();
        try {
            lc.submit(name, new HashMap<>(param.getStormConf()), withComponents(topology, defs), recorder, true);
            try {
                CompletionDriver.complete(lc.runningTopology(name), lc.getClock(), param.getTimeout(),
                        param.getSimulatedTimeLimit());
            } catch (CompletionDriver.Incomplete e) {
                throw new AssertionError("Test timed out (" + param.getTimeoutMs() + "ms): " + e.getMessage(), e);
            } finally {
                try {
                    lc.killTopology(name);
                } catch (NotAliveException e) {
                    // killed by the test body meanwhile
                }
            }
        } finally {
            if (param.getCleanupState()) {
                spouts.forEach(CompletableSpout::clean);
            }
            mocks.forEach(FixedTupleSpout::cleanup); // the run made them: nobody else reads their counts
        }
        return recorder.byComponent();
    }

    /** {@code topology} with other components: its worker hooks and shared memory kept (tasks read the hooks' resources). */
    private static StormTopology withComponents(StormTopology topology, Map<String, ComponentDef> defs) {
        return new StormTopology(defs, topology.workerHooks(), topology.get_shared_memory(),
                topology.get_component_to_shared_memory());
    }

    /** The values a component emitted on its default stream, in order. */
    public static List<List<Object>> readTuples(Map<String, List<FixedTuple>> results, String componentId) {
        return readTuples(results, componentId, Utils.DEFAULT_STREAM_ID);
    }

    /** The values a component emitted on a stream, in order. */
    public static List<List<Object>> readTuples(Map<String, List<FixedTuple>> results, String componentId,
                                                String streamId) {
        List<List<Object>> out = new ArrayList<>();
        for (FixedTuple t : results.getOrDefault(componentId, List.of())) {
            if (streamId.equals(t.stream)) {
                out.add(t.values);
            }
        }
        return out;
    }

    /** How many times each element occurs. */
    public static <T> Map<T, Integer> multiset(Collection<T> c) {
        Map<T, Integer> out = new HashMap<>();
        for (T t : c) {
            out.merge(t, 1, Integer::sum);
        }
        return out;
    }

    /** True if both hold the same elements as often, in any order. */
    public static <T> boolean multiseteq(Collection<T> a, Collection<T> b) {
        return multiset(a).equals(multiset(b));
    }

    /** A tuple for a bolt's unit test, from component {@code component}, stream {@code default}. */
    public static Tuple testTuple(List<Object> values) {
        return testTuple(values, new MkTupleParam());
    }

    /**
     * A tuple for a bolt's unit test, from the param's component and stream, with its field
     * names ({@code field1..n} unless given); unanchored, its context knows that one source.
     */
    public static Tuple testTuple(List<Object> values, MkTupleParam param) {
        String stream = param.getStream() != null ? param.getStream() : Utils.DEFAULT_STREAM_ID;
        String component = param.getComponent() != null ? param.getComponent() : "component";
        List<String> names = param.getFields();
        if (names == null) {
            names = new ArrayList<>();
            for (int i = 1; i <= values.size(); i++) {
                names.add("field" + i);
            }
        }
        Fields fields = new Fields(names);
        Map<String, ComponentDef> defs = new LinkedHashMap<>();
        defs.put(component, new ComponentDef(component, ComponentKind.SPOUT, new PlaceholderSpout(), 1, 1, Map.of(),
                Map.of(stream, new StreamDef(stream, fields, false)), List.of()));
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_NAME, "test-storm-id");
        TopologyPlan plan = TopologyPlan.of("test-storm-id", new StormTopology(defs), TopologySettings.from(conf), conf);
        int task = plan.tasksOf(component).get(0);
        TopologyContext context = new TopologyContext(plan, conf, task);
        return new TupleImpl(context, values, task, component, stream, fields, MessageId.makeUnanchored(), task);
    }
}
