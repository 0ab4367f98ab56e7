package dev.gale.bolt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SingleJoinBoltTest {
    private SimulatedClock clock;
    private LocalCluster cluster;

    @BeforeEach
    void start() {
        clock = new SimulatedClock();
        cluster = new LocalCluster.Builder().withClock(clock).build();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    /** Collects joined tuples; acks them at once, or holds them until a tick after release(). */
    static class Collect extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        static final Map<String, Queue<List<Object>>> OUT = new ConcurrentHashMap<>();
        static final Map<String, Boolean> RELEASED = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private final boolean hold;
        private transient OutputCollector collector;
        private transient List<Tuple> held;

        Collect(boolean hold) {
            this.hold = hold;
            OUT.put(id, new ConcurrentLinkedQueue<>());
            RELEASED.put(id, false);
        }

        Queue<List<Object>> out() {
            return OUT.get(id);
        }

        void release() {
            RELEASED.put(id, true);
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.held = new ArrayList<>();
        }

        @Override
        public void execute(Tuple input) {
            if (TupleUtils.isTick(input)) {
                if (RELEASED.get(id)) {
                    held.forEach(collector::ack);
                    held.clear();
                }
                return;
            }
            out().add(input.getValues());
            if (hold) {
                held.add(input);
            } else {
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        }
    }

    private TopologyBuilder genderAge(FeederSpout gender, FeederSpout age, Collect collect, Fields out) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("gender", gender);
        b.setSpout("age", age);
        b.setBolt("join", new SingleJoinBolt(out), 3)
                .fieldsGrouping("gender", new Fields("id"))
                .fieldsGrouping("age", new Fields("id"));
        b.setBolt("collect", collect).shuffleGrouping("join");
        return b;
    }

    @Test
    void theClassicExampleJoinsTenPeople() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        Collect collect = new Collect(false);
        cluster.submitTopology("join", new Config(),
                genderAge(gender, age, collect, new Fields("gender", "age")).createTopology());
        for (int i = 0; i < 10; i++) {
            gender.feed(new Values(i, i % 2 == 0 ? "male" : "female"), "g" + i);
        }
        for (int i = 9; i >= 0; i--) {
            age.feed(new Values(i, i + 20), "a" + i);
        }
        cluster.waitForIdle();
        List<List<Object>> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add(List.of(i % 2 == 0 ? "male" : "female", i + 20));
        }
        assertThat(collect.out()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(gender.getAcked()).hasSize(10);
        assertThat(age.getAcked()).hasSize(10);
    }

    @Test
    void partsMayArriveInAnyOrderAndEmitsFollowTheOutputFieldOrder() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        Collect collect = new Collect(false);
        cluster.submitTopology("join", new Config(),
                genderAge(gender, age, collect, new Fields("age", "id", "gender")).createTopology());
        age.feed(new Values(3, 33), "a3");
        cluster.waitForIdle();
        assertThat(collect.out()).isEmpty();
        gender.feed(new Values(4, "female"), "g4");
        gender.feed(new Values(3, "male"), "g3");
        cluster.waitForIdle();
        assertThat(collect.out()).containsExactly(List.of(33, 3, "male"));
        age.feed(new Values(4, 44), "a4");
        cluster.waitForIdle();
        assertThat(collect.out()).containsExactly(List.of(33, 3, "male"), List.of(44, 4, "female"));
    }

    @Test
    void aMissingPartFailsTheOtherWithinTheTimeoutFromEitherSide() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        Collect collect = new Collect(false);
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        cluster.submitTopology("join", conf, genderAge(gender, age, collect, new Fields("gender", "age")).createTopology());
        clock.advanceMillis(400);
        gender.feed(new Values(1, "male"), "g1");
        age.feed(new Values(2, 22), "a2");
        cluster.waitForIdle();
        clock.advance(Duration.ofSeconds(8));
        cluster.waitForIdle();
        assertThat(gender.getFailed()).isEmpty();
        assertThat(age.getFailed()).isEmpty();
        clock.advance(Duration.ofSeconds(2)); // 10 s after the parts arrived: the join has given up
        cluster.waitForIdle();
        assertThat(gender.getFailed()).containsExactly("g1");
        assertThat(age.getFailed()).containsExactly("a2");
        assertThat(collect.out()).isEmpty();
    }

    @Test
    void withRarerTicksPartsStillExpireWithinOneTickBeforeTheTimeout() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("gender", gender);
        b.setSpout("age", age);
        b.setBolt("join", new SingleJoinBolt(new Fields("gender", "age")), 2)
                .fieldsGrouping("gender", new Fields("id"))
                .fieldsGrouping("age", new Fields("id"))
                .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 5);
        Config conf = new Config();
        conf.setMessageTimeoutSecs(30);
        cluster.submitTopology("join", conf, b.createTopology());
        clock.advanceMillis(400);
        gender.feed(new Values(1, "male"), "g1");
        age.feed(new Values(2, 22), "a2");
        cluster.waitForIdle();

        // T = 30 s, ticks every 5 s: the parts may be given up from T - 5 s after they arrived...
        clock.advanceMillis(24_900);
        cluster.waitForIdle();
        assertThat(gender.getFailed()).isEmpty();
        assertThat(age.getFailed()).isEmpty();
        // ...and are by T (29.6 s after: before the spout's own timeout could fire, which is T
        // after the emit at the earliest; with one bucket per second they would wait 150 s).
        clock.advanceMillis(4_700);
        cluster.waitForIdle();
        assertThat(gender.getFailed()).containsExactly("g1");
        assertThat(age.getFailed()).containsExactly("a2");
        assertThat(cluster.getTopologyStats("join").component("join").orElseThrow().failed()).isEqualTo(2);
    }

    @Test
    void oneBucketPerTickInTheTimeoutAndAtLeastTwo() {
        assertThat(SingleJoinBolt.buckets(30, 1)).isEqualTo(30);
        assertThat(SingleJoinBolt.buckets(30, 5)).isEqualTo(6);
        // 4 ticks of 7 s: expiry 21..28 s after the first part, never after T.
        assertThat(SingleJoinBolt.buckets(30, 7)).isEqualTo(4);
        assertThat(SingleJoinBolt.buckets(30, 20)).isEqualTo(2);
        assertThat(SingleJoinBolt.buckets(10, 60)).isEqualTo(2);
    }

    @Test
    void ticksTurnedOffForTheJoinFailPrepareWithAClearMessage() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("gender", gender);
        b.setSpout("age", age);
        b.setBolt("join", new SingleJoinBolt(new Fields("gender", "age")))
                .fieldsGrouping("gender", new Fields("id"))
                .fieldsGrouping("age", new Fields("id"))
                .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
        cluster.submitTopology("join", new Config(), b.createTopology());
        cluster.waitForIdle();
        assertThat(cluster.getTopologyStats("join").component("join").orElseThrow().lastErrors())
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.message()).contains("prepare failed")
                        .contains("topology.tick.tuple.freq.secs is 0"));
    }

    @Test
    void ackingTheJoinedTupleDownstreamAcksBothSpoutTuples() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        Collect collect = new Collect(true);
        cluster.submitTopology("join", new Config(),
                genderAge(gender, age, collect, new Fields("gender", "age")).createTopology());
        gender.feed(new Values(7, "male"), "g7");
        age.feed(new Values(7, 27), "a7");
        cluster.waitForIdle();
        assertThat(collect.out()).containsExactly(List.of("male", 27));
        assertThat(gender.getAcked()).as("the joined tuple is anchored to both parts").isEmpty();
        assertThat(age.getAcked()).isEmpty();
        collect.release();
        clock.advance(Duration.ofSeconds(1));
        cluster.waitForIdle();
        assertThat(gender.getAcked()).containsExactly("g7");
        assertThat(age.getAcked()).containsExactly("a7");
    }

    @Test
    void aDuplicateSideIsReportedAndFailedAndTheJoinGoesOn() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        Collect collect = new Collect(false);
        cluster.submitTopology("join", new Config(),
                genderAge(gender, age, collect, new Fields("gender", "age")).createTopology());
        gender.feed(new Values(1, "male"), "first");
        cluster.waitForIdle();
        gender.feed(new Values(1, "female"), "second");
        cluster.waitForIdle();
        assertThat(gender.getFailed()).containsExactly("second");
        assertThat(cluster.getTopologyStats("join").component("join").orElseThrow().lastErrors())
                .singleElement().satisfies(e -> assertThat(e.message()).contains("same side").contains("[1]"));
        age.feed(new Values(1, 21), "a1");
        cluster.waitForIdle();
        assertThat(collect.out()).containsExactly(List.of("male", 21));
        assertThat(gender.getAcked()).containsExactly("first");
    }

    @Test
    void threeSourcesWithATwoFieldIdJoin() {
        FeederSpout names = new FeederSpout(new Fields("country", "id", "name"));
        FeederSpout ages = new FeederSpout(new Fields("id", "country", "age"));
        FeederSpout cities = new FeederSpout(new Fields("country", "city", "id"));
        Collect collect = new Collect(false);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("names", names);
        b.setSpout("ages", ages);
        b.setSpout("cities", cities);
        Fields key = new Fields("country", "id");
        b.setBolt("join", new SingleJoinBolt(new Fields("name", "age", "city", "country")), 2)
                .fieldsGrouping("names", key).fieldsGrouping("ages", key).fieldsGrouping("cities", key);
        b.setBolt("collect", collect).shuffleGrouping("join");
        cluster.submitTopology("join3", new Config(), b.createTopology());
        names.feed(new Values("fr", 1, "Ana"), "n1");
        names.feed(new Values("de", 1, "Ben"), "n2");
        ages.feed(new Values(1, "de", 40), "a2");
        cities.feed(new Values("fr", "Lyon", 1), "c1");
        ages.feed(new Values(1, "fr", 30), "a1");
        cluster.waitForIdle();
        assertThat(collect.out()).containsExactly(List.of("Ana", 30, "Lyon", "fr"));
        cities.feed(new Values("de", "Bonn", 1), "c2");
        cluster.waitForIdle();
        assertThat(collect.out()).containsExactlyInAnyOrder(List.of("Ana", 30, "Lyon", "fr"), List.of("Ben", 40, "Bonn", "de"));
    }

    @Test
    void outputFieldsMissingFromTheSourcesFailPrepareNamingThem() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        cluster.submitTopology("join", new Config(),
                genderAge(gender, age, new Collect(false), new Fields("gender", "height", "weight")).createTopology());
        cluster.waitForIdle();
        assertThat(cluster.getTopologyStats("join").component("join").orElseThrow().lastErrors())
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.message()).contains("prepare failed").contains("[height, weight]"));
    }
}
