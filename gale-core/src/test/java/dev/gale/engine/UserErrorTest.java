package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ErrorInfo;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Errors in user code fail the tuple at hand, are reported with component and task, and do not stop the topology. */
class UserErrorTest {
    private LocalCluster cluster;

    @BeforeEach
    void startCluster() {
        cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    private List<ErrorInfo> errorsOf(String component) {
        return cluster.getTopologyStats("errors").component(component).orElseThrow().lastErrors();
    }

    @Test
    void boltExceptionFailsTheInputIsReportedAndLaterTuplesAreProcessed() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Fn thrower = new Bolts.Fn((in, c, ctx) -> {
            if (in.getString(0).equals("boom")) {
                throw new IllegalStateException("cannot process boom");
            }
        });
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("thrower", thrower, 2).shuffleGrouping("spout");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        spout.feed(new Values("a"), 1);
        spout.feed(new Values("boom"), 2);
        spout.feed(new Values("b"), 3);
        cluster.waitForIdle();
        spout.feed(new Values("c"), 4);
        spout.feed(new Values("d"), 5);
        cluster.waitForIdle();

        assertThat(spout.getFailed()).containsExactly(2);
        assertThat(spout.getAcked()).containsExactlyInAnyOrder(1, 3, 4, 5);
        assertThat(thrower.record.seen()).extracting(s -> s.values().get(0))
                .containsExactlyInAnyOrder("a", "boom", "b", "c", "d");
        int boomTask = thrower.record.seen().stream().filter(s -> s.values().get(0).equals("boom"))
                .findFirst().orElseThrow().task();
        assertThat(errorsOf("thrower")).singleElement().satisfies(e -> {
            assertThat(e.componentId()).isEqualTo("thrower");
            assertThat(e.taskId()).isEqualTo(boomTask).isIn(thrower.record.componentTasks());
            assertThat(e.message()).contains("cannot process boom", "'spout'");
            assertThat(e.stackTrace()).contains("IllegalStateException");
        });
        assertThat(cluster.getTopologyStats("errors").component("thrower").orElseThrow().failed()).isEqualTo(1);
    }

    /** A FeederSpout whose first three nextTuple calls throw. */
    static final class FlakySpout extends FeederSpout {
        private static final long serialVersionUID = 1L;
        private int calls;

        FlakySpout(Fields fields) {
            super(fields);
        }

        @Override
        public void nextTuple() {
            if (++calls <= 3) {
                throw new IllegalStateException("flaky call " + calls);
            }
            super.nextTuple();
        }
    }

    @Test
    void spoutExceptionIsReportedAndTheSpoutKeepsBeingCalled() {
        FlakySpout spout = new FlakySpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink).shuffleGrouping("spout");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        for (int i = 0; i < 5; i++) {
            spout.feed(new Values("w" + i), i);
        }
        cluster.waitForIdle();

        assertThat(sink.record.seen()).hasSize(5);
        assertThat(spout.getAcked()).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
        int spoutTask = sink.record.seen().peek().sourceTask();
        assertThat(errorsOf("spout")).extracting(ErrorInfo::message).containsExactly(
                "nextTuple threw: java.lang.IllegalStateException: flaky call 1",
                "nextTuple threw: java.lang.IllegalStateException: flaky call 2",
                "nextTuple threw: java.lang.IllegalStateException: flaky call 3");
        assertThat(errorsOf("spout")).allSatisfy(e -> assertThat(e.taskId()).isEqualTo(spoutTask));
    }

    @Test
    void boltEmittingValuesThatDoNotMatchTheFieldsThrowsAtOnce() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Notes caught = new Bolts.Notes();
        Bolts.Fn bad = new Bolts.Fn((in, c, ctx) -> {
            try {
                if (in.getString(0).equals("two")) {
                    c.emit(in, new Values("x", "y"));
                } else if (in.getString(0).equals("stream")) {
                    c.emit("nope", in, new Values("x"));
                } else {
                    c.emit(in, new Values(in.getString(0)));
                }
            } catch (IllegalArgumentException e) {
                caught.add(e.getMessage());
                throw e;
            }
        }).stream("default", false, "word");
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("bad", bad).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("bad");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        spout.feed(new Values("two"), "m-two");
        spout.feed(new Values("stream"), "m-stream");
        spout.feed(new Values("fine"), "m-fine");
        cluster.waitForIdle();

        assertThat(caught.all()).hasSize(2);
        assertThat(caught.all().get(0)).contains("bolt 'bad'", "2 values", "stream 'default'", "1 field [word]");
        assertThat(caught.all().get(1)).contains("bolt 'bad'", "stream 'nope'", "does not declare", "[default]");
        assertThat(errorsOf("bad")).extracting(ErrorInfo::message).hasSize(2)
                .anySatisfy(m -> assertThat(m).contains(caught.all().get(0)))
                .anySatisfy(m -> assertThat(m).contains(caught.all().get(1)));
        assertThat(sink.record.seen()).extracting(s -> s.values().get(0)).containsExactly("fine");
        assertThat(spout.getFailed()).containsExactlyInAnyOrder("m-two", "m-stream");
        assertThat(spout.getAcked()).containsExactly("m-fine");
    }

    @Test
    void spoutEmittingValuesThatDoNotMatchTheFieldsThrowsAndIsReported() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink).shuffleGrouping("spout");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        spout.feed(new Values("a", "b"), "wrong");
        spout.feed(new Values("ok"), "right");
        cluster.waitForIdle();

        assertThat(errorsOf("spout")).singleElement().satisfies(e -> assertThat(e.message())
                .contains("spout 'spout'", "2 values", "stream 'default'", "[word]"));
        assertThat(sink.record.seen()).extracting(s -> s.values().get(0)).containsExactly("ok");
        // The refused emit started no tree, so its message id is failed rather than left pending for ever.
        assertThat(spout.getAcked()).containsExactly("right");
        assertThat(spout.getFailed()).containsExactly("wrong");
    }

    @Test
    void basicBoltFailedExceptionFailsTheTupleWithoutReporting() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.BasicFaulty bolt = new Bolts.BasicFaulty("bad", Bolts.BasicFault.FAILED);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("basic", bolt, 2).shuffleGrouping("spout");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        spout.feed(new Values("good"), 1);
        spout.feed(new Values("bad"), 2);
        spout.feed(new Values("good"), 3);
        cluster.waitForIdle();

        assertThat(spout.getFailed()).containsExactly(2);
        assertThat(spout.getAcked()).containsExactlyInAnyOrder(1, 3);
        assertThat(bolt.record.seen()).hasSize(2);
        assertThat(errorsOf("basic")).isEmpty();
        assertThat(cluster.getTopologyStats("errors").component("basic").orElseThrow().failed()).isEqualTo(1);
    }

    @Test
    void basicBoltReportedFailedExceptionFailsTheTupleAndReports() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.BasicFaulty bolt = new Bolts.BasicFaulty("bad", Bolts.BasicFault.REPORTED_FAILED);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("basic", bolt).shuffleGrouping("spout");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        spout.feed(new Values("good"), 1);
        spout.feed(new Values("bad"), 2);
        spout.feed(new Values("good"), 3);
        cluster.waitForIdle();

        assertThat(spout.getFailed()).containsExactly(2);
        assertThat(spout.getAcked()).containsExactlyInAnyOrder(1, 3);
        assertThat(errorsOf("basic")).singleElement().satisfies(e -> {
            assertThat(e.message()).contains("reported failure on bad");
            assertThat(e.taskId()).isEqualTo(bolt.record.componentTasks().get(0));
        });
    }
}
