package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.windowing.WindowFixtures.Recorder;
import dev.gale.windowing.WindowFixtures.Sink;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How windows settle their input: a window's emits are anchored to its tuples, so a failure
 * downstream fails them; an exception in the windowed bolt fails the window's tuples and is
 * reported; a window full to its {@code withMaxEventsInMemory} bound fails new input until tuples
 * leave it.
 */
class WindowAckingTest {

    private static void feed(FeederSpout spout, int from, int to) {
        for (int i = from; i <= to; i++) {
            spout.feed(new Values(i), i);
        }
    }

    private static TopologyBuilder topology(FeederSpout spout, Recorder window, Sink sink) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", window).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("window");
        return b;
    }

    @Test
    void aFailureDownstreamOfAWindowFailsEveryTupleOfThatWindow() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withTumblingWindow(Count.of(3));
        Sink sink = new Sink(6); // fails the sum of 1 + 2 + 3
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("fail-downstream", new Config(), topology(spout, window, sink).createTopology());
            feed(spout, 1, 3);
            cluster.waitForIdle();
            assertThat(spout.getFailed()).containsExactlyInAnyOrder(1, 2, 3);
            feed(spout, 4, 9);
            cluster.waitForIdle();
            // 1..3 leave the window with the second window; their trees were failed already.
            assertThat(spout.getAcked()).containsExactly(4, 5, 6);
            assertThat(spout.getFailed()).hasSize(3);
        }
    }

    @Test
    void aWindowTheBoltThrowsOnIsFailedAndReportedAndTheBoltGoesOn() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder(6);
        window.withTumblingWindow(Count.of(3));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("throws", new Config(), topology(spout, window, sink).createTopology());
            feed(spout, 1, 9);
            cluster.waitForIdle();
            assertThat(spout.getFailed()).containsExactlyInAnyOrder(1, 2, 3);
            assertThat(spout.getAcked()).containsExactly(4, 5, 6);
            assertThat(sink.firstValues()).containsExactly(15, 24);
            ComponentStats stats = cluster.getTopologyStats("throws").component("window").orElseThrow();
            assertThat(stats.lastErrors()).singleElement().satisfies(e -> {
                assertThat(e.componentId()).isEqualTo("window");
                assertThat(e.taskId()).isEqualTo(window.windows().get(0).task());
                assertThat(e.message() + e.stackTrace()).contains("no sum of 6, please");
            });
        }
    }

    @Test
    void aFullWindowFailsNewInputUntilTuplesLeaveIt() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withTumblingWindow(Duration.seconds(10)).withMaxEventsInMemory(3);
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("bounded", new Config(), topology(spout, window, sink).createTopology());
            feed(spout, 1, 5);
            cluster.waitForIdle();
            assertThat(spout.getFailed()).as("past the bound, failed at once").containsExactly(4, 5);
            clock.advanceMillis(10_000);
            assertThat(window.contents()).containsExactly(List.of(1, 2, 3));
            feed(spout, 6, 6);
            cluster.waitForIdle();
            assertThat(spout.getFailed()).as("still full: 1..3 leave with the next window").containsExactly(4, 5, 6);
            clock.advanceMillis(10_000);
            assertThat(spout.getAcked()).containsExactly(1, 2, 3);
            feed(spout, 7, 7);
            cluster.waitForIdle();
            clock.advanceMillis(10_000);
            assertThat(window.contents()).containsExactly(List.of(1, 2, 3), List.of(7));
            assertThat(spout.getFailed()).containsExactly(4, 5, 6);
            assertThat(cluster.getTopologyStats("bounded").component("window").orElseThrow().failed()).isEqualTo(3);
        }
    }

    @Test
    void aTupleWithoutItsTimestampFieldFailsWithAnErrorNamingTheField() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n", "when"));
        Recorder window = new Recorder();
        window.withTumblingWindow(Duration.seconds(10)).withTimestampField("ts");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("no-ts", new Config(), topology(spout, window, new Sink()).createTopology());
            spout.feed(new Values(1, 5L), 1);
            cluster.waitForIdle();
            assertThat(spout.getFailed()).containsExactly(1);
            ComponentStats stats = cluster.getTopologyStats("no-ts").component("window").orElseThrow();
            assertThat(stats.lastErrors()).singleElement().satisfies(e -> assertThat(e.message() + e.stackTrace())
                    .contains("timestamp field 'ts'").contains("'spout' stream 'default'"));
        }
    }
}
