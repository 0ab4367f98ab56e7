package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.FixedTuple;
import dev.gale.testing.MockedSources;
import dev.gale.testing.TestAggregatesCounter;
import dev.gale.testing.TestGlobalCount;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Port of Storm 2.8's storm-core {@code integration/TopologyIntegrationTest}: the scenarios that need
 * only the core API (word count through four bolts, several tasks per executor, message timeouts,
 * subscribing to {@code __system}), with Storm's expected results, run on Gale's engine.
 */
class TopologyIntegrationPortTest {

    @Test
    void basicTopologyCountsWordsAndTotals() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSimulatedTime()
                .withSupervisors(4)
                .build()) {
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", new TestWordSpout(true), 3);
            builder.setBolt("2", new TestWordCounter(), 4).fieldsGrouping("1", new Fields("word"));
            builder.setBolt("3", new TestGlobalCount()).globalGrouping("1");
            builder.setBolt("4", new TestAggregatesCounter()).globalGrouping("2");
            StormTopology topology = builder.createTopology();

            Map<String, Object> stormConf = new HashMap<>();
            stormConf.put(Config.TOPOLOGY_WORKERS, 2);
            stormConf.put(Config.TOPOLOGY_TESTING_ALWAYS_TRY_SERIALIZE, true);

            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(new MockedSources(Collections.singletonMap("1", fixed("nathan", "bob", "joey", "nathan"))));
            param.setStormConf(stormConf);

            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, topology, param);

            assertThat(Testing.readTuples(results, "1")).containsExactlyInAnyOrder(
                    new Values("nathan"), new Values("nathan"), new Values("bob"), new Values("joey"));
            assertThat(Testing.readTuples(results, "2")).containsExactlyInAnyOrder(
                    new Values("nathan", 1), new Values("nathan", 2), new Values("bob", 1), new Values("joey", 1));
            assertThat(Testing.readTuples(results, "3")).containsExactly(
                    new Values(1), new Values(2), new Values(3), new Values(4));
            assertThat(Testing.readTuples(results, "4")).containsExactly(
                    new Values(1), new Values(2), new Values(3), new Values(4));
        }
    }

    @Test
    void topologyTasksInComponentConfigGivesSixTasksOnThreeExecutors() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSimulatedTime()
                .withSupervisors(4)
                .build()) {
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", new TestWordSpout(true));
            builder.setBolt("2", new EmitTaskIdBolt(), 3).allGrouping("1")
                    .addConfigurations(Collections.singletonMap(Config.TOPOLOGY_TASKS, 6));

            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(new MockedSources(Collections.singletonMap("1", fixed("a"))));

            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, builder.createTopology(), param);

            assertThat(Testing.readTuples(results, "2")).containsExactlyInAnyOrder(
                    new Values(0), new Values(1), new Values(2), new Values(3), new Values(4), new Values(5));
        }
    }

    @Test
    void unackedTupleTimesOutAfterMessageTimeout() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSimulatedTime()
                .withSupervisors(4)
                .withDaemonConf(Collections.singletonMap(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, true))
                .build()) {
            FeederSpout feeder = new FeederSpout(new Fields("field1"));
            AckFailMapTracker tracker = new AckFailMapTracker();
            feeder.setAckFailDelegate(tracker);

            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder);
            builder.setBolt("2", new TestingPortTest.AckEveryOtherBolt()).globalGrouping("1");

            cluster.submitTopology("timeout-tester",
                    Collections.singletonMap(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 10), builder.createTopology());

            cluster.advanceClusterTime(11);
            feeder.feed(new Values("a"), 1);
            feeder.feed(new Values("b"), 2);
            feeder.feed(new Values("c"), 3);
            cluster.advanceClusterTime(9);
            await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS))
                    .until(() -> tracker.isAcked(1) && tracker.isAcked(3));
            assertThat(tracker.isFailed(2)).isFalse();
            cluster.advanceClusterTime(12);
            await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> tracker.isFailed(2));
        }
    }

    @Test
    void subscribingToSystemStreamIsValid() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSimulatedTime()
                .build()) {
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", new TestWordSpout(true), 3);
            builder.setBolt("2", new IdentityBolt(), 1)
                    .fieldsGrouping("1", new Fields("word"))
                    .globalGrouping("1", "__system");

            Map<String, Object> stormConf = new HashMap<>();
            stormConf.put(Config.TOPOLOGY_WORKERS, 2);
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(new MockedSources(Collections.singletonMap("1", fixed("a", "b", "c"))));
            param.setStormConf(stormConf);

            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, builder.createTopology(), param);

            assertThat(Testing.readTuples(results, "2")).containsExactlyInAnyOrder(
                    new Values("a"), new Values("b"), new Values("c"));
        }
    }

    private static List<FixedTuple> fixed(String... words) {
        return Stream.of(words).map(word -> new FixedTuple(new Values(word))).collect(Collectors.toList());
    }

    /** Emits the index of the task that saw the tuple, anchored, so each task shows up once. */
    private static final class EmitTaskIdBolt extends BaseRichBolt {
        private int taskIndex;
        private OutputCollector collector;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("tid"));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.taskIndex = context.getThisTaskIndex();
        }

        @Override
        public void execute(Tuple input) {
            collector.emit(input, new Values(taskIndex));
            collector.ack(input);
        }
    }

    /** Re-emits its input's values unchanged, as Storm's test IdentityBolt. */
    private static final class IdentityBolt extends BaseBasicBolt {
        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            collector.emit(input.getValues());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }
}
