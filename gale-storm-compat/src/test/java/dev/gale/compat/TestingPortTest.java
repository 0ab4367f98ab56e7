package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.MkTupleParam;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Time;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Port of Storm 2.8's storm-core {@code integration/TestingTest}: the same scenarios and expected
 * results, written against Gale's Storm-shaped testing API (topologies built with
 * {@link TopologyBuilder} instead of Storm's Thrift helpers, which Gale does not have).
 */
class TestingPortTest {

    @Test
    void simulatedTimeIsOnlyOnInsideItsScope() {
        assertThat(Time.isSimulating()).isFalse();
        try (Time.SimulatedTime time = new Time.SimulatedTime()) {
            assertThat(Time.isSimulating()).isTrue();
        }
        assertThat(Time.isSimulating()).isFalse();
    }

    @Test
    void localClusterBuildsWithSupervisorsAndPorts() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSupervisors(2)
                .withPortsPerSupervisor(5)
                .build()) {
            assertThat(cluster).isNotNull();
        }
    }

    @Test
    void simulatedTimeLocalClusterSimulatesTimeWhileOpen() throws Exception {
        assertThat(Time.isSimulating()).isFalse();
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withSupervisors(2)
                .withPortsPerSupervisor(5)
                .withSimulatedTime()
                .build()) {
            assertThat(Time.isSimulating()).isTrue();
        }
        assertThat(Time.isSimulating()).isFalse();
    }

    @Test
    void advanceClusterTimeTimesOutTheUnackedTuple() throws Exception {
        Config daemonConf = new Config();
        daemonConf.put(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, true);
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withDaemonConf(daemonConf)
                .withSimulatedTime()
                .build()) {
            AckFailMapTracker tracker = submitAckEveryOther(cluster, "timeout-tester", true);

            cluster.advanceClusterTime(9);
            awaitAcked(tracker, 1, 3);
            assertThat(tracker.isFailed(2)).isFalse();
            cluster.advanceClusterTime(12);
            await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> tracker.isFailed(2));
        }
    }

    @Test
    void disabledMessageTimeoutsNeverFailTheUnackedTuple() throws Exception {
        Config daemonConf = new Config();
        daemonConf.put(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, false);
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withDaemonConf(daemonConf)
                .withSimulatedTime()
                .build()) {
            AckFailMapTracker tracker = submitAckEveryOther(cluster, "disable-timeout-tester", false);

            cluster.advanceClusterTime(9);
            awaitAcked(tracker, 1, 3);
            assertThat(tracker.isFailed(2)).isFalse();
            cluster.advanceClusterTime(12);
            cluster.waitForIdle();
            assertThat(tracker.isFailed(2)).isFalse();
        }
    }

    @Test
    void testTupleDefaultsComponentStreamAndFields() {
        Tuple tuple = Testing.testTuple(new Values("james", "bond"));
        assertThat(tuple.getValues()).isEqualTo(new Values("james", "bond"));
        assertThat(tuple.getSourceStreamId()).isEqualTo(Utils.DEFAULT_STREAM_ID);
        assertThat(tuple.getFields().toList()).isEqualTo(List.of("field1", "field2"));
        assertThat(tuple.getSourceComponent()).isEqualTo("component");
    }

    @Test
    void testTupleTakesMkTupleParam() {
        MkTupleParam param = new MkTupleParam();
        param.setStream("test-stream");
        param.setComponent("test-component");
        param.setFields("fname", "lname");
        Tuple tuple = Testing.testTuple(new Values("james", "bond"), param);
        assertThat(tuple.getValues()).isEqualTo(new Values("james", "bond"));
        assertThat(tuple.getSourceStreamId()).isEqualTo("test-stream");
        assertThat(tuple.getFields().toList()).isEqualTo(List.of("fname", "lname"));
        assertThat(tuple.getSourceComponent()).isEqualTo("test-component");
    }

    /** Feeds a, b, c (ids 1, 2, 3) into a bolt that acks every other tuple, so 2 stays pending. */
    private static AckFailMapTracker submitAckEveryOther(LocalCluster cluster, String name, boolean timeouts)
            throws Exception {
        FeederSpout feeder = new FeederSpout(new Fields("field1"));
        AckFailMapTracker tracker = new AckFailMapTracker();
        feeder.setAckFailDelegate(tracker);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("1", feeder);
        builder.setBolt("2", new AckEveryOtherBolt()).shuffleGrouping("1");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 10);
        conf.put(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, timeouts);
        cluster.submitTopology(name, conf, builder.createTopology());
        feeder.feed(new Values("a"), 1);
        feeder.feed(new Values("b"), 2);
        feeder.feed(new Values("c"), 3);
        return tracker;
    }

    private static void awaitAcked(AckFailMapTracker tracker, Object... ids) {
        await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> {
            for (Object id : ids) {
                if (!tracker.isAcked(id)) {
                    return false;
                }
            }
            return true;
        });
    }

    /** Acks the first, third, fifth... tuple it sees and leaves the others pending (Storm's test bolt). */
    static final class AckEveryOtherBolt extends BaseRichBolt {
        private OutputCollector collector;
        private boolean ackNext = true;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple tuple) {
            if (ackNext) {
                collector.ack(tuple);
            }
            ackNext = !ackNext;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
