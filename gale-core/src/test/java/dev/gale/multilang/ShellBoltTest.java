package dev.gale.multilang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.metric.api.rpc.IShellMetric;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.ErrorInfo;
import dev.gale.task.OutputCollector;
import dev.gale.task.ShellBolt;
import dev.gale.task.TopologyContext;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * ShellBolt against a subprocess speaking Storm's multilang protocol (a JVM running
 * {@link FakeSubprocess}): emits with task ids, acks, fails, logs, errors, heartbeats on the task's
 * timer, and a subprocess that exits, hangs or breaks the protocol.
 */
class ShellBoltTest {

    /** A shell bolt running {@link FakeSubprocess} in {@code mode}, declaring {@code fields}. */
    static class FakeBolt extends ShellBolt implements IRichBolt {
        private static final long serialVersionUID = 1L;
        private final String[] fields;

        FakeBolt(String mode, String... fields) throws Exception {
            super(FakeSubprocess.command(mode));
            this.fields = fields;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields(fields));
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return null;
        }
    }

    private static CompletedTopology complete(IRichBolt bolt, int tasks, Map<String, Object> conf, Values... sentences) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FeederSpout(new Fields("sentence")));
        builder.setBolt("shell", bolt, tasks).shuffleGrouping("spout");
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(new MockedSources().withMockData("spout", sentences));
        param.setStormConf(conf);
        return Testing.completeTopology(builder.createTopology(), param);
    }

    private static List<String> errors(CompletedTopology result) {
        ComponentStats shell = result.stats().component("shell").orElseThrow();
        return shell.lastErrors().stream().map(ErrorInfo::message).toList();
    }

    @Test
    void emitsAnchoredWordsGetsTheirTaskIdsAndAcksEachTuple() throws Exception {
        CompletedTopology result = complete(new FakeBolt("split", "word", "task"), 2, Map.of(),
                new Values("a b c"), new Values("d e"));

        assertThat(result.emitted("shell")).extracting(v -> v.get(0)).containsExactlyInAnyOrder("a", "b", "c", "d", "e");
        // The handshake's context told each subprocess its task id.
        List<Integer> shellTasks = result.stats().component("shell").orElseThrow().tasks().stream()
                .map(t -> t.taskId()).toList();
        assertThat(result.emitted("shell")).allSatisfy(v -> assertThat(shellTasks).contains(((Number) v.get(1)).intValue()));
        assertThat(result.acked("spout")).containsExactlyInAnyOrder(0, 1);
        assertThat(result.failed("spout")).isEmpty();
        assertThat(errors(result)).isEmpty();
    }

    @Test
    void aSubprocessThatExitsFailsItsPendingTupleAndIsReportedWithCommandAndExitCode() throws Exception {
        CompletedTopology result = complete(new FakeBolt("exit-on-tuple", "word", "task"), 1, Map.of(),
                new Values("a b"));

        assertThat(result.failed("spout")).containsExactly(0);
        assertThat(errors(result)).singleElement().asString()
                .contains("component 'shell' task ", "FakeSubprocess, exit-on-tuple]", "exit code 3",
                        "boom: cannot process shell", "1 pending tuple(s) failed");
    }

    @Test
    void aSubprocessThatStopsAnsweringIsKilledAfterTheSubprocessTimeout() throws Exception {
        CompletedTopology result = complete(new FakeBolt("hang-on-tuple", "word", "task"), 1,
                Map.of(Config.TOPOLOGY_SUBPROCESS_TIMEOUT_SECS, 1), new Values("a"));

        assertThat(result.failed("spout")).containsExactly(0);
        assertThat(errors(result)).singleElement().asString()
                .contains("hang-on-tuple]", "stopped heartbeating: no answer within 1.0 s", "killed it", "exit code");
    }

    @Test
    void outputThatIsNotTheProtocolKillsTheSubprocessNamingWhatItWrote() throws Exception {
        CompletedTopology result = complete(new FakeBolt("garbage-on-tuple", "word", "task"), 1, Map.of(),
                new Values("a"));

        assertThat(result.failed("spout")).containsExactly(0);
        assertThat(errors(result)).singleElement().asString().contains("not JSON", "this is not JSON");
    }

    @Test
    void logsErrorsMetricsUnanchoredEmitsAndFailsAreHandled() throws Exception {
        CompletedTopology result = complete(new FakeBolt("chatty", "value"), 1, Map.of(), new Values("x"));

        assertThat(result.emitted("shell")).containsExactly(List.of("unanchored"));
        assertThat(result.failed("spout")).containsExactly(0);
        assertThat(errors(result)).anySatisfy(e -> assertThat(e).contains("Shell Process Exception: something odd in [x]"))
                .anySatisfy(e -> assertThat(e).contains("metric 'my-metric'", "no metric of that name is registered"));
    }

    /** Every value the subprocess sent to the metric. */
    static final List<Object> METRIC_UPDATES = new CopyOnWriteArrayList<>();

    /** Records the subprocess' updates. */
    static final class RecordingShellMetric implements IShellMetric {
        @Override
        public void updateMetricFromRPC(Object value) {
            METRIC_UPDATES.add(value);
        }

        @Override
        public Object getValueAndReset() {
            return null;
        }
    }

    /** The chatty bolt with 'my-metric' registered as an IShellMetric, as a Storm user registers it. */
    static final class MeteredBolt extends FakeBolt {
        private static final long serialVersionUID = 1L;

        MeteredBolt() throws Exception {
            super("chatty", "value");
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            context.registerMetric("my-metric", new RecordingShellMetric(), 60);
            super.prepare(topoConf, context, collector);
        }
    }

    @Test
    void aMetricsCommandUpdatesTheIShellMetricRegisteredUnderItsName() throws Exception {
        METRIC_UPDATES.clear();
        CompletedTopology result = complete(new MeteredBolt(), 1, Map.of(), new Values("x"));

        assertThat(METRIC_UPDATES).containsExactly(1L);
        assertThat(errors(result)).noneSatisfy(e -> assertThat(e).contains("my-metric"));
    }

    @Test
    void whatTheSubprocessSendsBetweenTuplesIsHandledAtTheNextHeartbeatOfTheTaskTimer() throws Exception {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout feeder = new FeederSpout(new Fields("sentence"));
        AckFailMapTracker tracker = new AckFailMapTracker();
        feeder.setAckFailDelegate(tracker);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", feeder);
        builder.setBolt("shell", new FakeBolt("late-ack", "word"), 1).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("late", Map.of(), builder.createTopology());
            feeder.feed(new Values("a"), 1);
            cluster.waitForIdle();
            // The subprocess answered the heartbeat after the tuple without acking it: still pending.
            assertThat(tracker.isAcked(1)).isFalse();

            clock.advance(Duration.ofSeconds(1));
            cluster.waitForIdle();
            assertThat(tracker.isAcked(1)).isTrue();
            assertThat(cluster.getTopologyStats("late").component("shell").orElseThrow().lastErrors()).isEmpty();
        }
    }

    @Test
    void aCommandThatCannotStartFailsThePrepareNamingTheCommand() {
        TopologyBuilder builder = new TopologyBuilder();
        FeederSpout feeder = new FeederSpout(new Fields("sentence"));
        builder.setSpout("spout", feeder);
        builder.setBolt("shell", new NoSuchCommand(), 1).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("missing", Map.of(), builder.createTopology());
            feeder.feed(new Values("a"), 1);
            cluster.waitForIdle();
            assertThat(cluster.getTopologyStats("missing").component("shell").orElseThrow().lastErrors())
                    .extracting(ErrorInfo::message).anySatisfy(m -> assertThat(m)
                            .contains("cannot start [gale-no-such-interpreter, bolt.py]", "is 'gale-no-such-interpreter' installed"));
        }
    }

    /** A shell bolt whose interpreter does not exist. */
    static final class NoSuchCommand extends ShellBolt implements IRichBolt {
        private static final long serialVersionUID = 1L;

        NoSuchCommand() {
            super("gale-no-such-interpreter", "bolt.py");
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return null;
        }
    }
}
