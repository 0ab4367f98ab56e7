package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.windowing.WindowFixtures.Recorder;
import dev.gale.windowing.WindowFixtures.Seen;
import dev.gale.windowing.WindowFixtures.Sink;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Time windows by processing time, on simulated time: tuples are stamped with the topology's
 * clock on arrival, windows are evaluated on the bolt task's timer, and each tuple is acked when
 * it falls out of the last window it belongs to.
 */
class TimeWindowTest {

    private static TopologyBuilder topology(FeederSpout spout, Recorder window, Sink sink) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", window).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("window");
        return b;
    }

    private static void feedAt(SimulatedClock clock, LocalCluster cluster, FeederSpout spout, long atMillis, int n) {
        clock.advanceMillis(atMillis - clock.millis());
        spout.feed(new Values(n), n);
        cluster.waitForIdle();
    }

    @Test
    void aSlidingTimeWindowHoldsTheLastTenSecondsEveryTwo() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withWindow(Duration.seconds(10), Duration.seconds(2));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("sliding", new Config(), topology(spout, window, sink).createTopology());
            feedAt(clock, cluster, spout, 0, 1);
            feedAt(clock, cluster, spout, 1000, 2);
            clock.advanceMillis(1000); // t = 2 s: the first window, ending at 1999
            assertThat(window.windows()).singleElement().satisfies(s -> {
                assertThat(s.all()).containsExactly(1, 2);
                assertThat(s.start()).isEqualTo(1999L - 10_000);
                assertThat(s.end()).isEqualTo(1999L);
            });
            feedAt(clock, cluster, spout, 3000, 3);
            clock.advanceMillis(11_000 - clock.millis()); // windows at 4, 6, 8 and 10 s: 1 (t=0) is 9999 ms old at 9999
            assertThat(window.windows()).extracting(Seen::end).containsExactly(1999L, 3999L, 5999L, 7999L, 9999L);
            assertThat(window.contents()).allSatisfy(c -> assertThat(c).startsWith(1));
            assertThat(spout.getAcked()).isEmpty();

            clock.advanceMillis(1000); // t = 12 s: 1 and 2 are ten seconds old or more
            Seen last = window.windows().get(window.windows().size() - 1);
            assertThat(last.all()).containsExactly(3);
            assertThat(last.expired()).containsExactly(1, 2);
            assertThat(last.fresh()).isEmpty();
            assertThat(spout.getAcked()).containsExactly(1, 2);

            clock.advanceMillis(2000); // t = 14 s: 3 is 10999 ms old: the window is empty and not evaluated
            assertThat(window.windows()).hasSize(6);
            assertThat(spout.getAcked()).containsExactly(1, 2, 3);
            assertThat(sink.firstValues()).containsExactly(3, 6, 6, 6, 6, 3);
            assertThat(spout.getFailed()).isEmpty();
        }
    }

    @Test
    void aTumblingTimeWindowHasEachTupleOnce() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withTumblingWindow(Duration.seconds(5));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("tumbling", new Config(), topology(spout, window, sink).createTopology());
            feedAt(clock, cluster, spout, 0, 1);
            feedAt(clock, cluster, spout, 4999, 2);
            feedAt(clock, cluster, spout, 5000, 3); // stamped 5000, after the first window's end (4999)
            feedAt(clock, cluster, spout, 9000, 4);
            clock.advanceMillis(15_000 - clock.millis());
            assertThat(window.contents()).containsExactly(List.of(1, 2), List.of(3, 4));
            assertThat(window.windows()).extracting(Seen::expired).containsExactly(List.of(), List.of(1, 2));
            assertThat(window.windows()).extracting(Seen::start).containsExactly(-1L, 4999L);
            // The third interval (to 14999) is empty: no evaluation, but 3 and 4 leave it and are acked.
            assertThat(spout.getAcked()).containsExactly(1, 2, 3, 4);
        }
    }

    @Test
    void aTimeWindowEvaluatedEveryTwoTuples() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withWindow(Duration.seconds(3), Count.of(2));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("time-count", new Config(), topology(spout, window, sink).createTopology());
            feedAt(clock, cluster, spout, 0, 1);
            feedAt(clock, cluster, spout, 1000, 2);
            feedAt(clock, cluster, spout, 2000, 3);
            feedAt(clock, cluster, spout, 3500, 4); // at 3500, 1 (t=0) is older than 3 s
            assertThat(window.contents()).containsExactly(List.of(1, 2), List.of(2, 3, 4));
            assertThat(window.windows()).extracting(Seen::end).containsExactly(1000L, 3500L);
            assertThat(window.windows()).extracting(Seen::start).containsExactly(-2000L, 500L);
            assertThat(spout.getAcked()).containsExactly(1);
        }
    }

    @Test
    void nothingHappensWhileTheClockStandsStill() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withWindow(Duration.seconds(10), Duration.seconds(1));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("still", new Config(), topology(spout, window, new Sink()).createTopology());
            spout.feed(new Values(1), 1);
            for (int i = 0; i < 5; i++) {
                cluster.waitForIdle();
            }
            assertThat(window.windows()).isEmpty();
            clock.advanceMillis(1000);
            assertThat(window.windows()).hasSize(1);
        }
    }
}
