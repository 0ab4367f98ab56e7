package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInitialStatus;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.AckTracker;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.FixedTuple;
import dev.gale.testing.MockedSources;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.testing.TrackedTopology;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Port of the acking, timeout-reset, validation and inactive-submit scenarios of Storm 2.8's
 * storm-core {@code integration/TopologyIntegrationTest}: a spout tuple is acked exactly when
 * its whole tree is, on Storm's tracked, simulated-time cluster.
 */
class AckingPortTest {

    @Test
    void resetTimeoutKeepsATupleAlivePastTheMessageTimeout() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSimulatedTime()
                .withDaemonConf(Collections.singletonMap(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, true))
                .build()) {
            FeederSpout feeder = new FeederSpout(new Fields("field1"));
            AckFailMapTracker tracker = new AckFailMapTracker();
            feeder.setAckFailDelegate(tracker);
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder);
            builder.setBolt("2", new ResetTimeoutBolt()).globalGrouping("1");
            cluster.submitTopology("reset-timeout-tester",
                    Collections.singletonMap(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 10), builder.createTopology());

            feeder.feed(new Values("a"), 1);
            feeder.feed(new Values("b"), 2);
            cluster.advanceClusterTime(9);
            feeder.feed(new Values("c"), 3);
            awaitThat(() -> tracker.isAcked(3));
            cluster.advanceClusterTime(9);
            feeder.feed(new Values("d"), 4);
            awaitThat(() -> tracker.isAcked(4));
            cluster.advanceClusterTime(2);
            // Twice the timeout: the never-acked "b" fails; "a" would too without the resets.
            awaitThat(() -> tracker.isFailed(2));
            feeder.feed(new Values("e"), 5);
            awaitThat(() -> tracker.isAcked(5));
            assertThat(tracker.isFailed(1)).isFalse();
            awaitThat(() -> tracker.isAcked(1));
        }
    }

    @Test
    void invalidTopologiesAreRefused() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().build()) {
            completeWordCount(cluster, wordCount("1", "1", new Fields("word"), null));
            assertThatThrownBy(() -> completeWordCount(cluster, wordCount("1", "3", new Fields("word"), null)))
                    .isInstanceOf(InvalidTopologyException.class);
            assertThatThrownBy(() -> completeWordCount(cluster,
                    wordCount("1", "1", new Fields("non-exists-field"), null)))
                    .isInstanceOf(InvalidTopologyException.class);
            assertThatThrownBy(() -> completeWordCount(cluster,
                    wordCount("1", "1", new Fields("word"), "non-exists-stream")))
                    .isInstanceOf(InvalidTopologyException.class);
        }
    }

    @Test
    void spoutTupleIsAckedWhenItsWholeTreeIs() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().withTracked().build()) {
            AckTrackingFeeder feeder1 = new AckTrackingFeeder("num");
            AckTrackingFeeder feeder2 = new AckTrackingFeeder("num");
            AckTrackingFeeder feeder3 = new AckTrackingFeeder("num");
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder1.getSpout());
            builder.setSpout("2", feeder2.getSpout());
            builder.setSpout("3", feeder3.getSpout());
            builder.setBolt("4", new BranchingBolt(2)).shuffleGrouping("1");
            builder.setBolt("5", new BranchingBolt(4)).shuffleGrouping("2");
            builder.setBolt("6", new BranchingBolt(1)).shuffleGrouping("3");
            builder.setBolt("7", new AggBolt(3)).shuffleGrouping("4").shuffleGrouping("5").shuffleGrouping("6");
            builder.setBolt("8", new BranchingBolt(2)).shuffleGrouping("7");
            builder.setBolt("9", new AckBolt()).shuffleGrouping("8");
            TrackedTopology tracked = new TrackedTopology(builder.createTopology(), cluster);
            cluster.submitTopology("acking-test1", Collections.emptyMap(), tracked);

            cluster.advanceClusterTime(11);
            feeder1.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder1.assertNumAcks(0);
            feeder2.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder1.assertNumAcks(1);
            feeder2.assertNumAcks(1);
            feeder1.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder1.assertNumAcks(0);
            feeder1.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder1.assertNumAcks(1);
            feeder3.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder1.assertNumAcks(0);
            feeder3.assertNumAcks(0);
            feeder2.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder1.assertNumAcks(1);
            feeder2.assertNumAcks(1);
            feeder3.assertNumAcks(1);
        }
    }

    @Test
    void branchesJoinedByOneBoltAckTheSpoutTupleOnce() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().withTracked().build()) {
            AckTrackingFeeder feeder = new AckTrackingFeeder("num");
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder.getSpout());
            builder.setBolt("2", new IdentityBolt()).shuffleGrouping("1");
            builder.setBolt("3", new IdentityBolt()).shuffleGrouping("1");
            builder.setBolt("4", new AggBolt(4)).shuffleGrouping("2").shuffleGrouping("3");
            TrackedTopology tracked = new TrackedTopology(builder.createTopology(), cluster);
            cluster.submitTopology("test-acking2", Collections.emptyMap(), tracked);

            cluster.advanceClusterTime(11);
            feeder.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder.assertNumAcks(0);
            feeder.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder.assertNumAcks(2);
        }
    }

    @Test
    void anchoringTwiceToTheSameTupleStillAcks() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().withTracked().build()) {
            AckTrackingFeeder feeder = new AckTrackingFeeder("num");
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder.getSpout());
            builder.setBolt("2", new DupAnchorBolt()).shuffleGrouping("1");
            builder.setBolt("3", new AckBolt()).shuffleGrouping("2");
            TrackedTopology tracked = new TrackedTopology(builder.createTopology(), cluster);
            cluster.submitTopology("test", Collections.emptyMap(), tracked);

            cluster.advanceClusterTime(11);
            feeder.feed(new Values(1));
            Testing.trackedWait(tracked, 1);
            feeder.assertNumAcks(1);
            feeder.feed(new Values(1));
            feeder.feed(new Values(1));
            feeder.feed(new Values(1));
            Testing.trackedWait(tracked, 3);
            feeder.assertNumAcks(3);
        }
    }

    @Test
    void inactiveSubmitRunsNothingUntilActivated() throws Exception {
        AtomicBoolean boltExecuted = PrepareTrackedBolt.EXECUTED;
        AtomicBoolean spoutPolled = OpenTrackedSpout.POLLED;
        boltExecuted.set(false);
        spoutPolled.set(false);
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSimulatedTime()
                .withDaemonConf(Collections.singletonMap(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, true))
                .build()) {
            FeederSpout feeder = new FeederSpout(new Fields("field1"));
            AckFailMapTracker tracker = new AckFailMapTracker();
            feeder.setAckFailDelegate(tracker);
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder);
            builder.setSpout("2", new OpenTrackedSpout());
            builder.setBolt("3", new PrepareTrackedBolt()).globalGrouping("1");
            cluster.submitTopologyWithOpts("test", Collections.singletonMap(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 10),
                    builder.createTopology(), new SubmitOptions(TopologyInitialStatus.INACTIVE));

            cluster.advanceClusterTime(11);
            feeder.feedNoWait(new Values("a"), 1);
            cluster.advanceClusterTime(9);
            assertThat(boltExecuted.get()).isFalse();
            assertThat(spoutPolled.get()).isFalse();
            cluster.activate("test");

            cluster.advanceClusterTime(12);
            awaitThat(() -> tracker.isAcked(1));
            assertThat(boltExecuted.get()).isTrue();
            awaitThat(spoutPolled::get);
        }
    }

    private static void awaitThat(Callable<Boolean> condition) {
        await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(condition);
    }

    private static StormTopology wordCount(String spout, String source, Fields fields, String stream) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(spout, new TestWordSpout(true), 3);
        if (stream == null) {
            builder.setBolt("2", new TestWordCounter(), 4).fieldsGrouping(source, fields);
        } else {
            builder.setBolt("2", new TestWordCounter(), 4).fieldsGrouping(source, stream, fields);
        }
        return builder.createTopology();
    }

    private static void completeWordCount(LocalCluster cluster, StormTopology topology) throws Exception {
        List<FixedTuple> tuples = Stream.of("nathan", "bob", "joey", "nathan")
                .map(value -> new FixedTuple(new Values(value))).collect(Collectors.toList());
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(new MockedSources(Collections.singletonMap("1", tuples)));
        param.setStormConf(Collections.singletonMap(Config.TOPOLOGY_WORKERS, 2));
        Testing.completeTopology(cluster, topology, param);
    }

    /** A FeederSpout whose acks are counted; each check resets the count (Storm's AckTrackingFeeder). */
    private static final class AckTrackingFeeder {
        private final AckTracker tracker = new AckTracker();
        private final FeederSpout spout;

        AckTrackingFeeder(String... fields) {
            spout = new FeederSpout(new Fields(fields));
            spout.setAckFailDelegate(tracker);
        }

        FeederSpout getSpout() {
            return spout;
        }

        void feed(List<Object> tuple) {
            spout.feed(tuple);
        }

        void assertNumAcks(int expected) {
            assertThat(tracker.getNumAcks()).isEqualTo(expected);
            tracker.resetNumAcks();
        }
    }

    /** Emits n tuples anchored to its input, then acks it. */
    private static final class BranchingBolt extends BaseRichBolt {
        private final int branches;
        private OutputCollector collector;

        BranchingBolt(int branches) {
            this.branches = branches;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("num"));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            for (int i = 0; i < branches; i++) {
                collector.emit(input, new Values(i));
            }
            collector.ack(input);
        }
    }

    /** Holds tuples until it has n, then emits one tuple anchored to all of them and acks them. */
    private static final class AggBolt extends BaseRichBolt {
        private final int amount;
        private final List<Tuple> seen = new ArrayList<>();
        private OutputCollector collector;

        AggBolt(int amount) {
            this.amount = amount;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("num"));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            seen.add(input);
            if (seen.size() == amount) {
                collector.emit(seen, new Values(1));
                for (Tuple tuple : seen) {
                    collector.ack(tuple);
                }
                seen.clear();
            }
        }
    }

    /** Acks whatever it gets. */
    private static final class AckBolt extends BaseRichBolt {
        private OutputCollector collector;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.ack(input);
        }
    }

    /** Re-emits its input anchored and acks it. */
    private static final class IdentityBolt extends BaseRichBolt {
        private OutputCollector collector;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("num"));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.emit(input, input.getValues());
            collector.ack(input);
        }
    }

    /** Emits once, anchored twice to its input, then acks it. */
    private static final class DupAnchorBolt extends BaseRichBolt {
        private OutputCollector collector;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("num"));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            List<Tuple> anchors = new ArrayList<>();
            anchors.add(input);
            anchors.add(input);
            collector.emit(anchors, new Values(1));
            collector.ack(input);
        }
    }

    /** The first, third, ... call resets the first tuple's timeout; the fifth acks it (Storm's test bolt). */
    private static final class ResetTimeoutBolt extends BaseRichBolt {
        private int tupleCounter = 1;
        private Tuple firstTuple;
        private OutputCollector collector;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (tupleCounter == 1) {
                firstTuple = input;
            } else if (tupleCounter == 2) {
                collector.resetTimeout(firstTuple);
            } else if (tupleCounter == 5) {
                collector.ack(firstTuple);
                collector.ack(input);
            } else {
                collector.resetTimeout(firstTuple);
                collector.ack(input);
            }
            tupleCounter++;
        }
    }

    /** Notes that it executed a tuple. */
    private static final class PrepareTrackedBolt extends BaseRichBolt {
        static final AtomicBoolean EXECUTED = new AtomicBoolean();
        private OutputCollector collector;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            EXECUTED.set(true);
            collector.ack(input);
        }
    }

    /** Notes that it was asked for a tuple. */
    private static final class OpenTrackedSpout extends BaseRichSpout {
        static final AtomicBoolean POLLED = new AtomicBoolean();

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("val"));
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        }

        @Override
        public void nextTuple() {
            POLLED.set(true);
        }
    }
}
