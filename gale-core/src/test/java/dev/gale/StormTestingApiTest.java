package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInitialStatus;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.FixedTuple;
import dev.gale.testing.MkClusterParam;
import dev.gale.testing.MkTupleParam;
import dev.gale.testing.MockedSources;
import dev.gale.testing.TestWordSpout;
import dev.gale.testing.TrackedTopology;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Time;
import dev.gale.utils.TupleUtils;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** Storm's testing API ({@code dev.gale.Testing} and friends) used as Storm's own tests use it. */
class StormTestingApiTest {

    /** What the bolts of a test saw, by test key (tasks run copies, so it is static). */
    static final Map<String, ConcurrentLinkedQueue<Object>> SEEN = new ConcurrentHashMap<>();

    static ConcurrentLinkedQueue<Object> seen(String key) {
        return SEEN.computeIfAbsent(key, k -> new ConcurrentLinkedQueue<>());
    }

    static class Split extends BaseBasicBolt {
        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            for (String w : input.getString(0).split(" ")) {
                collector.emit(new Values(w));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    static class Count extends BaseBasicBolt {
        private final Map<String, Integer> counts = new HashMap<>();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String w = input.getString(0);
            int c = counts.merge(w, 1, Integer::sum);
            collector.emit(new Values(w, c));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    /** Records Time.currentTimeMillis() at each tuple and tick it gets, under its key. */
    static class TimeRecorder extends BaseBasicBolt {
        private final String key;
        private final Integer tickSecs;

        TimeRecorder(String key, Integer tickSecs) {
            this.key = key;
            this.tickSecs = tickSecs;
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            seen(key).add((TupleUtils.isTick(input) ? "tick@" : "tuple@") + Time.currentTimeMillis());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            Map<String, Object> c = new HashMap<>();
            if (tickSecs != null) {
                c.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, tickSecs);
            }
            return c;
        }
    }

    /** Never acks what it gets: the trees can only time out. */
    static class BlackHole extends BaseRichBolt {
        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        }

        @Override
        public void execute(Tuple input) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Emits a number on each nextTuple, counting the calls under its key. */
    static class CountingSpout extends BaseRichSpout {
        private final String key;
        private transient SpoutOutputCollector collector;

        CountingSpout(String key) {
            this.key = key;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            seen(key + "-open").add(true);
        }

        @Override
        public void activate() {
            seen(key + "-activate").add(true);
        }

        @Override
        public void nextTuple() {
            seen(key).add(true);
            collector.emit(new Values(1));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    private static StormTopology wordCount() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new TestWordSpout(), 2);
        b.setBolt("split", new Split(), 2).shuffleGrouping("sentences");
        b.setBolt("count", new Count(), 3).fieldsGrouping("split", new Fields("word"));
        return b.createTopology();
    }

    @Test
    void completeTopologyReturnsWhatEachComponentEmittedAsStormDoes() throws Exception {
        Testing.withLocalCluster(cluster -> {
            MockedSources sources = new MockedSources();
            sources.addMockData("sentences", new Values("the cat"), new Values("the dog"));
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(sources);
            param.setStormConf(new Config());
            param.setTimeoutMs(30_000);
            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, wordCount(), param);

            assertThat(Testing.multiseteq(List.of(new Values("the cat"), new Values("the dog")),
                    Testing.readTuples(results, "sentences"))).isTrue();
            assertThat(Testing.multiseteq(List.of(new Values("the"), new Values("cat"), new Values("the"),
                    new Values("dog")), Testing.readTuples(results, "split"))).isTrue();
            assertThat(Testing.multiseteq(List.of(new Values("the", 1), new Values("cat", 1), new Values("the", 2),
                    new Values("dog", 1)), Testing.readTuples(results, "count", "default"))).isTrue();
            assertThat(Testing.readTuples(results, "count", "other")).isEmpty();
            assertThat(results.get("split")).allMatch(t -> t.stream.equals("default"));
            assertThatThrownBy(() -> cluster.getTopology(param.getTopologyName() == null ? "gone" : "x"))
                    .as("the completed topology was killed").isInstanceOf(NotAliveException.class);
        });
    }

    @Test
    void multisetEqualityIgnoresOrderButNotCounts() {
        assertThat(Testing.multiseteq(List.of(1, 2, 2), List.of(2, 1, 2))).isTrue();
        assertThat(Testing.multiseteq(List.of(1, 2, 2), List.of(1, 1, 2))).isFalse();
    }

    @Test
    void completeTopologyOnSimulatedTimeTimesOutTreesThatCannotComplete() throws Exception {
        Testing.withSimulatedTimeLocalCluster(cluster -> {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("sentences", new TestWordSpout());
            b.setBolt("hole", new BlackHole()).shuffleGrouping("sentences");
            MockedSources sources = new MockedSources(Map.of("sentences",
                    List.of(new FixedTuple(new Values("a")), new FixedTuple(new Values("b")))));
            Config conf = new Config();
            conf.setMessageTimeoutSecs(20);
            CompleteTopologyParam param = new CompleteTopologyParam();
            param.setMockedSources(sources);
            param.setStormConf(conf);
            long before = Time.currentTimeMillis();
            Map<String, List<FixedTuple>> results = Testing.completeTopology(cluster, b.createTopology(), param);
            assertThat(Testing.readTuples(results, "sentences")).containsExactly(new Values("a"), new Values("b"));
            assertThat(Time.currentTimeMillis() - before).as("simulated time passed for the timeouts")
                    .isBetween(20_000L, 40_000L);
        });
    }

    @Test
    void completeTopologyRejectsASpoutThatCouldNeverComplete() {
        Testing.withLocalCluster(cluster ->
                assertThatThrownBy(() -> Testing.completeTopology(cluster, wordCount()))
                        .isInstanceOf(InvalidTopologyException.class)
                        .hasMessageContaining("'sentences'").hasMessageContaining("CompletableSpout"));
    }

    @Test
    void trackedWaitReturnsOnceTheFedTuplesAreProcessed() throws Exception {
        String key = "tracked";
        Testing.withTrackedCluster(cluster -> {
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("split", new Split(), 2).shuffleGrouping("feeder");
            b.setBolt("record", new TimeRecorder(key, null), 2).shuffleGrouping("split");
            TrackedTopology tracked = Testing.mkTrackedTopology(cluster, b.createTopology());
            cluster.submitTopology("tracked", new Config(), tracked.getTopology());

            feeder.feed(new Values("a b c"), 1);
            Testing.trackedWait(tracked, 1);
            assertThat(seen(key)).hasSize(3);
            assertThat(feeder.getAcked()).containsExactly(1);

            feeder.feed(new Values("d e"), 2);
            feeder.feed(new Values("f"), 3);
            tracked.trackedWait(2);
            assertThat(seen(key)).hasSize(6);
            assertThat(feeder.getAcked()).containsExactlyInAnyOrder(1, 2, 3);
            assertThat(tracked.globalAmt("spout-emitted")).isEqualTo(3);
            assertThat(tracked.globalAmt("transferred")).isEqualTo(3 + 6);
            assertThat(cluster.getTrackedId()).isNotNull();
        });
        SEEN.remove(key);
    }

    @Test
    void aCapturedTrackedTopologyRecordsWhatFlowedOnEveryStream() throws Exception {
        Testing.withTrackedCluster(cluster -> {
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("split", new Split(), 2).shuffleGrouping("feeder");
            StormTopology original = b.createTopology();
            Testing.CapturedTopology<TrackedTopology> captured = Testing.trackAndCaptureTopology(cluster, original);
            assertThat(original.components()).as("the original is left as it was").hasSize(2);
            cluster.submitTopology("captured", new Config(), captured.topology.getTopology());

            feeder.feed(new Values("a b"), 1);
            Testing.trackedWait(captured, 1);
            Map<String, List<FixedTuple>> results = captured.capturer.getAndClearResults();
            assertThat(Testing.readTuples(results, "feeder")).containsExactly(new Values("a b"));
            assertThat(Testing.multiseteq(Testing.readTuples(results, "split"), List.of(new Values("a"),
                    new Values("b")))).isTrue();
            assertThat(feeder.getAcked()).containsExactly(1);

            feeder.feed(new Values("c"), 2);
            Testing.trackedWait(captured, 1, 10_000);
            assertThat(Testing.readTuples(captured.capturer.getResults(), "split")).containsExactly(new Values("c"));
        });
    }

    @Test
    void trackedWaitFailsWhenTheSpoutsDoNotEmitEnough() {
        Testing.withTrackedCluster(cluster -> {
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("split", new Split()).shuffleGrouping("feeder");
            TrackedTopology tracked = new TrackedTopology(b.createTopology(), cluster);
            ((ILocalClusterTrackedTopologyAware) cluster).submitTopology("tracked", new Config(), tracked);
            feeder.feed(new Values("a"));
            assertThatThrownBy(() -> tracked.trackedWait(2, 500)).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("Test timed out");
        });
    }

    @Test
    void userCodeReadsTheClustersSimulatedTimeAndTicksComeWhenItIsAdvanced() throws Exception {
        String key = "ticks";
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().withSupervisors(4)
                .withPortsPerSupervisor(3).withDaemonConf(new HashMap<>()).withTracked().build()) {
            assertThat(Time.isSimulating()).as("the test thread reads the cluster's time too").isTrue();
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("record", new TimeRecorder(key, 10)).shuffleGrouping("feeder");
            cluster.submitTopology("ticks", new Config(), b.createTopology());

            cluster.advanceClusterTime(35);
            feeder.feed(new Values("x"));
            cluster.waitForIdle();
            Testing.advanceClusterTime(cluster, 4, 2);
            assertThat(seen(key)).containsExactly("tick@10000", "tick@20000", "tick@30000", "tuple@35000");
            assertThat(Time.currentTimeMillis()).isEqualTo(39_000);
        }
        assertThat(Time.isSimulating()).as("closing the cluster ends its simulated time").isFalse();
        SEEN.remove(key);
    }

    @Test
    void executorsReadTheTopologysClockEvenWithoutAGlobalSimulatedTime() throws Exception {
        String key = "bound";
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            assertThat(Time.isSimulating()).as("the test thread is not in simulated time").isFalse();
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("record", new TimeRecorder(key, null)).shuffleGrouping("feeder");
            cluster.submitTopology("bound", new Config(), b.createTopology());
            cluster.advanceClusterTime(7);
            feeder.feed(new Values("x"));
            cluster.waitForIdle();
            assertThat(seen(key)).containsExactly("tuple@7000");
        }
        SEEN.remove(key);
    }

    @Test
    void messageTimeoutsFollowAdvancedTimeDeterministically() throws Exception {
        Testing.withSimulatedTimeLocalCluster(cluster -> {
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("hole", new BlackHole()).shuffleGrouping("feeder");
            Config conf = new Config();
            conf.setMessageTimeoutSecs(20);
            cluster.submitTopology("timeouts", conf, b.createTopology());
            feeder.feed(new Values("x"), "m1");
            ((LocalCluster) cluster).waitForIdle();
            cluster.advanceClusterTime(19);
            assertThat(feeder.getFailed()).as("not timed out before 20 s").isEmpty();
            cluster.advanceClusterTime(30);
            assertThat(feeder.getFailed()).containsExactly("m1");
            assertThat(feeder.getAcked()).isEmpty();
        });
    }

    @Test
    void advancingAClusterOnRealTimeIsAClearError() {
        try (LocalCluster cluster = new LocalCluster()) {
            assertThatThrownBy(() -> cluster.advanceClusterTime(1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("withSimulatedTime");
        }
    }

    @Test
    void aTopologySubmittedInactiveEmitsNothingUntilActivated() throws Exception {
        String key = "inactive";
        try (LocalCluster cluster = new LocalCluster()) {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("counting", new CountingSpout(key));
            b.setBolt("split", new BlackHole()).shuffleGrouping("counting");
            Config conf = new Config();
            conf.setMaxSpoutPending(10);
            ILocalCluster.ILocalTopology topo = cluster.submitTopologyWithOpts("inactive", conf, b.createTopology(),
                    new SubmitOptions(TopologyInitialStatus.INACTIVE));
            Awaitility.await().atMost(30, TimeUnit.SECONDS).until(() -> !seen(key + "-open").isEmpty());
            cluster.waitForIdle();
            assertThat(seen(key)).as("nextTuple calls while inactive").isEmpty();
            assertThat(seen(key + "-activate")).isEmpty();
            cluster.activate("inactive");
            Awaitility.await().atMost(30, TimeUnit.SECONDS).until(() -> !seen(key).isEmpty());
            assertThat(seen(key + "-activate")).hasSize(1);
            topo.close();
        }
        SEEN.remove(key);
        SEEN.remove(key + "-open");
        SEEN.remove(key + "-activate");
    }

    @Test
    void testTupleHasStormsDefaultsAndTheGivenShape() {
        Tuple t = Testing.testTuple(new Values("a", 2));
        assertThat(t.getSourceComponent()).isEqualTo("component");
        assertThat(t.getSourceStreamId()).isEqualTo("default");
        assertThat(t.getFields().toList()).containsExactly("field1", "field2");
        assertThat(t.getValueByField("field2")).isEqualTo(2);

        MkTupleParam param = new MkTupleParam();
        param.setStream("words");
        param.setComponent("splitter");
        param.setFields("word", "n");
        Tuple u = Testing.testTuple(new Values("b", 3), param);
        assertThat(u.getSourceComponent()).isEqualTo("splitter");
        assertThat(u.getSourceStreamId()).isEqualTo("words");
        assertThat(u.getStringByField("word")).isEqualTo("b");
        assertThat(u.getValues()).containsExactly("b", 3);
    }

    @Test
    void daemonConfGivesTopologyDefaults() throws Exception {
        MkClusterParam param = new MkClusterParam();
        param.setSupervisors(2);
        Map<String, Object> daemon = new HashMap<>();
        daemon.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 5);
        param.setDaemonConf(daemon);
        Testing.withSimulatedTimeLocalCluster(param, cluster -> {
            FeederSpout feeder = new FeederSpout(new Fields("sentence"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feeder", feeder);
            b.setBolt("hole", new BlackHole()).shuffleGrouping("feeder");
            cluster.submitTopology("daemon", new Config(), b.createTopology());
            feeder.feed(new Values("x"), "m");
            ((LocalCluster) cluster).waitForIdle();
            cluster.advanceClusterTime(12);
            assertThat(feeder.getFailed()).as("timed out after the daemon's 5 s, not the default 30 s")
                    .containsExactly("m");
        });
    }

    @Test
    void aTestJobsCheckedExceptionReachesTheTest() {
        assertThatThrownBy(() -> Testing.withLocalCluster(cluster -> {
            throw new IOException("boom");
        })).isInstanceOf(RuntimeException.class).hasRootCauseMessage("boom");
    }
}
