package dev.gale.testing;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.env.TupleObserver;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.MockChecks;
import dev.gale.spout.ISpout;
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
 * one order. As in Storm, a spout that is not mocked must be a {@link CompletableSpout} (it runs
 * as it is, and the run waits until it says it is exhausted); any other spout is rejected before
 * the run starts, since an endless spout could never complete.
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
     * @throws InvalidTopologyException if the topology is invalid, mocks a spout it does not have, or has a
     *         spout that is neither mocked nor a {@link CompletableSpout}
     * @throws IllegalStateException if the run does not complete within the param's limits
     */
    public static CompletedTopology completeTopology(StormTopology topology, CompleteTopologyParam param) {
        List<MockSpout> mocks = new ArrayList<>();
        StormTopology mocked = withMocks(topology, param.getMockedSources(), mocks);
        String name = param.getTopologyName() == null ? "completed-topology" : param.getTopologyName();
        List<CompletableSpout> completables = completableSpouts(name, mocked);
        Recorder recorder = new Recorder();
        SimulatedClock clock = new SimulatedClock();
        Map<String, Object> conf = new LinkedHashMap<>(param.getStormConf());
        completables.forEach(CompletableSpout::startup);
        RunningTopology running;
        try {
            running = RunningTopology.start(name, conf, mocked, clock, true, recorder);
        } catch (RuntimeException e) {
            completables.forEach(CompletableSpout::clean);
            mocks.forEach(MockSpout::forget);
            throw e;
        }
        try {
            long step = running.plan().settings().rotationPeriodNanos();
            long limit = param.getSimulatedTimeLimit().toNanos();
            long deadline = System.nanoTime() + param.getTimeout().toNanos();
            while (true) {
                running.waitForIdle(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                List<String> unexhausted = unexhaustedSpouts(running);
                if (running.pendingTrees() == 0 && unexhausted.isEmpty()) {
                    break;
                }
                if (clock.nanos() > limit || System.nanoTime() > deadline) {
                    throw new IllegalStateException("topology '" + name + "' did not complete: "
                            + running.pendingTrees() + " tuple trees still pending and spouts not exhausted "
                            + unexhausted + " after " + Duration.ofNanos(clock.nanos()) + " of simulated time");
                }
                // One rotation: trees that cannot complete move towards their timeout, and a spout
                // that waits on time gets it.
                clock.advanceNanos(step);
            }
            TopologyStats stats = running.stats();
            return new CompletedTopology(recorder.emitted(), recorder.snapshot(recorder.acked),
                    recorder.snapshot(recorder.failed), stats, Duration.ofNanos(clock.nanos()));
        } catch (TimeoutException e) {
            throw new IllegalStateException("topology '" + name + "' did not complete: "
                    + e.getMessage(), e);
        } finally {
            running.kill(); // a bolt stuck in execute is interrupted after the default grace period
            completables.forEach(CompletableSpout::clean);
            mocks.forEach(MockSpout::forget);
        }
    }

    /** The submitted spouts; rejects the run up front if one could never say it is done. */
    private static List<CompletableSpout> completableSpouts(String topologyName, StormTopology topology) {
        List<CompletableSpout> out = new ArrayList<>();
        for (ComponentDef def : topology.components().values()) {
            if (def.kind() != ComponentDef.Kind.SPOUT) {
                continue;
            }
            if (!(def.component() instanceof CompletableSpout)) {
                throw new InvalidTopologyException("cannot complete topology '" + topologyName + "': spout '" + def.id()
                        + "' (" + def.component().getClass().getName() + ") is neither mocked nor a "
                        + CompletableSpout.class.getName() + ", so the run could never tell it has emitted everything;"
                        + " give it MockedSources or implement CompletableSpout");
            }
            out.add((CompletableSpout) def.component());
        }
        return out;
    }

    /** Asks the copy each spout task runs; names the components whose tasks are not done. */
    private static List<String> unexhaustedSpouts(RunningTopology running) {
        List<String> out = new ArrayList<>();
        for (Executor ex : running.executors()) {
            if (ex instanceof SpoutExecutor && !out.contains(ex.componentId())) {
                for (ISpout spout : ((SpoutExecutor) ex).spouts()) {
                    if (!((CompletableSpout) spout).isExhausted()) {
                        out.add(ex.componentId());
                        break;
                    }
                }
            }
        }
        return out;
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
        for (Map.Entry<String, List<FixedTuple>> e : sources.getData().entrySet()) {
            ComponentDef spout = MockChecks.mockedSpout(defs, e.getKey(), e.getValue());
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
