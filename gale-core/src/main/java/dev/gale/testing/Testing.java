package dev.gale.testing;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.runtime.Launch;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.impl.testkit.CompletionDriver;
import dev.gale.impl.testkit.EmitRecorder;
import dev.gale.impl.testkit.MockChecks;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(sources);
        return completeTopology(topology, param);
    }

    /**
     * Runs the topology until every tuple tree is complete.
     *
     * @throws InvalidTopologyException if the topology is invalid, mocks a spout it does not have, or has a
     *         spout that is neither mocked nor a {@link CompletableSpout}
     * @throws IllegalStateException if the run does not complete within the param's limits
     */
    public static CompletedTopology completeTopology(StormTopology topology, CompleteTopologyParam param) {
        List<FixedTupleSpout> mocks = new ArrayList<>();
        StormTopology mocked = withMocks(topology, param.getMockedSources(), mocks);
        String name = param.getTopologyName() == null ? "completed-topology" : param.getTopologyName();
        List<CompletableSpout> completables = CompletionDriver.completableSpouts(name, mocked.components());
        EmitRecorder recorder = new EmitRecorder();
        SimulatedClock clock = new SimulatedClock();
        Map<String, Object> conf = new LinkedHashMap<>(param.getStormConf());
        completables.forEach(CompletableSpout::startup);
        RunningTopology running;
        try {
            running = RunningTopology.start(Launch.of(name, conf, mocked, clock).withStepped(true).withObserver(recorder));
        } catch (RuntimeException e) {
            completables.forEach(CompletableSpout::clean);
            mocks.forEach(FixedTupleSpout::cleanup);
            throw e;
        }
        try {
            CompletionDriver.complete(running, clock, param.getTimeout(), param.getSimulatedTimeLimit());
            TopologyStats stats = running.stats();
            return new CompletedTopology(recorder.byStream(), recorder.acked(), recorder.failed(), stats,
                    Duration.ofNanos(clock.nanos()));
        } catch (CompletionDriver.Incomplete e) {
            throw new IllegalStateException(e.getMessage(), e);
        } finally {
            running.kill(); // a bolt stuck in execute is interrupted after the default grace period
            completables.forEach(CompletableSpout::clean);
            mocks.forEach(FixedTupleSpout::cleanup);
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

    private static StormTopology withMocks(StormTopology topology, MockedSources sources, List<FixedTupleSpout> mocks) {
        Map<String, ComponentDef> defs = new LinkedHashMap<>(topology.components());
        for (Map.Entry<String, List<FixedTuple>> e : sources.getData().entrySet()) {
            ComponentDef spout = MockChecks.mockedSpout(defs, e.getKey(), e.getValue());
            FixedTupleSpout mock = new FixedTupleSpout(e.getValue());
            mocks.add(mock);
            // One task, so the mocked tuples are emitted in order.
            defs.put(e.getKey(), new ComponentDef(spout.id(), spout.kind(), mock, 1, 1, spout.conf(), spout.outputs(),
                    spout.inputs()));
        }
        return new StormTopology(defs);
    }
}
