package dev.gale.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Storm's helper components for tests, run as Storm's own integration tests run them. */
class StormTestComponentsTest {

    @Test
    void wordCountGlobalCountAndAggregatesCountAsStormsDo() throws Exception {
        Testing.withSimulatedTimeLocalCluster(cluster -> {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("1", new TestWordSpout(true), 3);
            b.setBolt("2", new TestWordCounter(), 4).fieldsGrouping("1", new Fields("word"));
            b.setBolt("3", new TestGlobalCount()).globalGrouping("1");
            b.setBolt("4", new TestAggregatesCounter()).globalGrouping("2");
            MockedSources sources = new MockedSources();
            sources.addMockData("1", new Values("nathan"), new Values("bob"), new Values("joey"), new Values("nathan"));
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(sources);
            param.setStormConf(Map.of(Config.TOPOLOGY_WORKERS, 2));
            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, b.createTopology(), param);

            assertThat(Testing.multiseteq(List.of(new Values("nathan"), new Values("bob"), new Values("joey"),
                    new Values("nathan")), Testing.readTuples(results, "1"))).isTrue();
            assertThat(Testing.multiseteq(List.of(new Values("nathan", 1), new Values("nathan", 2),
                    new Values("bob", 1), new Values("joey", 1)), Testing.readTuples(results, "2"))).isTrue();
            assertThat(Testing.readTuples(results, "3"))
                    .containsExactly(new Values(1), new Values(2), new Values(3), new Values(4));
            assertThat(Testing.readTuples(results, "4")).hasSize(4)
                    .last().isEqualTo(new Values(4));
        });
    }

    @Test
    void nGroupingSendsEachTupleToTheNLowestTasks() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().build()) {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("words", new TestWordSpout(true));
            b.setBolt("count", new TestGlobalCount(), 4).customGrouping("words", new NGrouping(2));
            MockedSources sources = new MockedSources();
            sources.addMockData("words", new Values("a"), new Values("b"), new Values("c"));
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(sources);
            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, b.createTopology(), param);
            // Two tasks each count the three tuples; the two others get none.
            assertThat(Testing.multiseteq(List.of(new Values(1), new Values(2), new Values(3), new Values(1),
                    new Values(2), new Values(3)), Testing.readTuples(results, "count"))).isTrue();
        }
    }

    @Test
    void confBoltAnswersWithTheConfigurationItWasPreparedWith() throws Exception {
        Testing.withLocalCluster(cluster -> {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("keys", new TestWordSpout(true));
            b.setBolt("conf", new TestConfBolt(Map.of("fake.config", 123))).shuffleGrouping("keys");
            MockedSources sources = new MockedSources();
            sources.addMockData("keys", new Values("fake.config"), new Values("topology.name"));
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(sources);
            param.setTopologyName("conf-topology");
            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, b.createTopology(), param);
            // Whole numbers reach components as Long, as after Storm's JSON round trip of the conf.
            assertThat(Testing.readTuples(results, "conf")).containsExactly(new Values("fake.config", 123L),
                    new Values("topology.name", "conf-topology"));
        });
    }

    @Test
    void bytesCounterCountsWordsSentAsBytes() throws Exception {
        Testing.withLocalCluster(cluster -> {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("words", new TestWordSpout(true));
            b.setBolt("count", new TestWordBytesCounter()).shuffleGrouping("words");
            MockedSources sources = new MockedSources();
            byte[] a = "a".getBytes(StandardCharsets.UTF_8);
            sources.addMockData("words", new Values((Object) a), new Values((Object) a));
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(sources);
            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, b.createTopology(), param);
            assertThat(Testing.readTuples(results, "count")).containsExactly(new Values("a", 1), new Values("a", 2));
        });
    }

    @Test
    void ackTrackersSeeTheFeedersAcksAndFails() throws Exception {
        Testing.withTrackedCluster(cluster -> {
            FeederSpout feeder = new FeederSpout(List.of("word"));
            AckFailMapTracker tracker = new AckFailMapTracker();
            feeder.setAckFailDelegate(tracker);
            FeederSpout counted = new FeederSpout(new Fields("word"));
            AckTracker acks = new AckTracker();
            counted.setAckFailDelegate(acks);
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setSpout("counted", counted);
            b.setBolt("count", new TestGlobalCount()).shuffleGrouping("feeder").shuffleGrouping("counted");
            TrackedTopology tracked = new TrackedTopology(b.createTopology(), cluster);
            cluster.submitTopology("trackers", new Config(), tracked.getTopology());

            feeder.feedNoWait(new Values("a"), 1);
            counted.feedNoWait(new Values("b"), 2);
            counted.feed(new Values("c"), 3);
            tracked.trackedWait(3);
            assertThat(tracker.isAcked(1)).isTrue();
            assertThat(tracker.isFailed(1)).isFalse();
            assertThat(tracker.isAcked(2)).as("another spout's id").isFalse();
            assertThat(acks.getNumAcks()).isEqualTo(2);
            acks.resetNumAcks();
            assertThat(acks.getNumAcks()).isZero();
        });
    }

    @Test
    void plannerSpoutDeclaresItsFieldsAndLimitsItselfWhenNotDistributed() {
        assertThat(new TestPlannerSpout(false).getComponentConfiguration())
                .containsEntry(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 1);
        assertThat(new TestPlannerSpout(new Fields("x")).getComponentConfiguration()).isEmpty();
        assertThat(new TestPlannerSpout(true).getOutputFields().toList()).containsExactly("field1", "field2");
    }
}
