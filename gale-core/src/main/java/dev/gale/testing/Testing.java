package dev.gale.testing;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.impl.runtime.TupleObserver;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeoutException;

/**
 * Runs a whole topology to completion in a test, as Storm's {@code Testing.completeTopology} and
 * Kafka Streams' {@code TopologyTestDriver} do: spouts are replaced by {@link MockedSources}, the
 * topology runs on a simulated clock until every tuple tree is complete (acked, failed, or timed
 * out, simulated time advancing only when nothing else can happen), and the result holds every
 * tuple each component emitted. Typical runs take milliseconds.
 *
 * <p>Emitted tuples of one task keep their order; with several tasks per component, tuples of
 * different tasks interleave in the order they happened. Use parallelism 1 where a test needs
 * one order. Spouts that are not mocked run as they are; one that emits forever keeps the run
 * from completing (it ends with an error at the timeout).
 *
 * <p>Stateless and thread-safe: each call runs its own topology.
 */
public final class Testing {
    private Testing() {
    }

    /** Completes a topology with default options and the given mocked sources. */
    public static CompletedTopology completeTopology(StormTopology topology, MockedSources sources) {
        return completeTopology(topology, new CompleteTopologyParam().setMockedSources(sources));
    }

    /**
     * Runs the topology until every tuple tree is complete.
     *
     * @throws InvalidTopologyException if the topology is invalid, or mocks a spout it does not have
     * @throws IllegalStateException if the run does not complete within the param's limits
     */
    public static CompletedTopology completeTopology(StormTopology topology, CompleteTopologyParam param) {
        List<MockSpout> mocks = new ArrayList<>();
        StormTopology mocked = withMocks(topology, param.getMockedSources(), mocks);
        Recorder recorder = new Recorder();
        SimulatedClock clock = new SimulatedClock();
        Map<String, Object> conf = new LinkedHashMap<>(param.getStormConf());
        RunningTopology running = RunningTopology.start(param.getTopologyName(), conf, mocked, clock, true, recorder);
        try {
            long step = running.plan().settings().rotationPeriodNanos();
            long limit = param.getSimulatedTimeLimit().toNanos();
            long deadline = System.nanoTime() + param.getTimeout().toNanos();
            while (true) {
                running.waitForIdle(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                if (running.pendingTrees() == 0) {
                    break;
                }
                if (clock.nanos() > limit || System.nanoTime() > deadline) {
                    throw new IllegalStateException("topology '" + param.getTopologyName() + "' did not complete: "
                            + running.pendingTrees() + " tuple trees still pending after " + Duration.ofNanos(clock.nanos())
                            + " of simulated time");
                }
                clock.advanceNanos(step); // one rotation: trees that cannot complete move towards their timeout
            }
            TopologyStats stats = running.stats();
            return new CompletedTopology(recorder.emitted(), recorder.snapshot(recorder.acked),
                    recorder.snapshot(recorder.failed), stats, Duration.ofNanos(clock.nanos()));
        } catch (TimeoutException e) {
            throw new IllegalStateException("topology '" + param.getTopologyName() + "' did not complete: "
                    + e.getMessage(), e);
        } finally {
            running.kill(Duration.ofSeconds(30));
            mocks.forEach(MockSpout::forget);
        }
    }

    /** Storm's accessor: the tuples a component emitted on its default stream. */
    public static List<List<Object>> readTuples(CompletedTopology results, String componentId) {
        return results.emitted(componentId);
    }

    /** Storm's accessor: the tuples a component emitted on a stream. */
    public static List<List<Object>> readTuples(CompletedTopology results, String componentId, String streamId) {
        return results.emitted(componentId, streamId);
    }

    private static StormTopology withMocks(StormTopology topology, MockedSources sources, List<MockSpout> mocks) {
        Map<String, ComponentDef> defs = new LinkedHashMap<>(topology.components());
        for (Map.Entry<String, Map<String, List<List<Object>>>> e : sources.getData().entrySet()) {
            ComponentDef spout = defs.get(e.getKey());
            if (spout == null || spout.kind() != ComponentDef.Kind.SPOUT) {
                throw new InvalidTopologyException("mocked sources name spout '" + e.getKey()
                        + "', which the topology does not have; its components are " + defs.keySet());
            }
            for (String stream : e.getValue().keySet()) {
                if (!spout.outputs().containsKey(stream)) {
                    throw new InvalidTopologyException("mocked sources give tuples on stream '" + stream + "' of spout '"
                            + e.getKey() + "', which declares only " + spout.outputs().keySet());
                }
            }
            MockSpout mock = new MockSpout(e.getValue());
            mocks.add(mock);
            // One task, so the mocked tuples are emitted in order.
            defs.put(e.getKey(), new ComponentDef(spout.id(), spout.kind(), mock, 1, 1, spout.conf(), spout.outputs(),
                    spout.inputs()));
        }
        return new StormTopology(defs);
    }

    /** Records emits, acks and fails from executor threads. */
    private static final class Recorder implements TupleObserver {
        final Map<String, Map<String, ConcurrentLinkedQueue<List<Object>>>> emitted = new ConcurrentHashMap<>();
        final Map<String, ConcurrentLinkedQueue<Object>> acked = new ConcurrentHashMap<>();
        final Map<String, ConcurrentLinkedQueue<Object>> failed = new ConcurrentHashMap<>();

        @Override
        public void emitted(String componentId, int taskId, String streamId, List<Object> values) {
            emitted.computeIfAbsent(componentId, k -> new ConcurrentHashMap<>())
                    .computeIfAbsent(streamId, k -> new ConcurrentLinkedQueue<>())
                    .add(Collections.unmodifiableList(new ArrayList<>(values)));
        }

        @Override
        public void acked(String spoutId, int taskId, Object messageId) {
            acked.computeIfAbsent(spoutId, k -> new ConcurrentLinkedQueue<>()).add(messageId);
        }

        @Override
        public void failed(String spoutId, int taskId, Object messageId) {
            failed.computeIfAbsent(spoutId, k -> new ConcurrentLinkedQueue<>()).add(messageId);
        }

        Map<String, Map<String, List<List<Object>>>> emitted() {
            Map<String, Map<String, List<List<Object>>>> out = new LinkedHashMap<>();
            emitted.forEach((c, streams) -> {
                Map<String, List<List<Object>>> s = new LinkedHashMap<>();
                streams.forEach((id, q) -> s.put(id, List.copyOf(q)));
                out.put(c, Collections.unmodifiableMap(s));
            });
            return Collections.unmodifiableMap(out);
        }

        Map<String, List<Object>> snapshot(Map<String, ConcurrentLinkedQueue<Object>> m) {
            Map<String, List<Object>> out = new LinkedHashMap<>();
            m.forEach((k, q) -> out.put(k, List.copyOf(q)));
            return Collections.unmodifiableMap(out);
        }
    }
}
