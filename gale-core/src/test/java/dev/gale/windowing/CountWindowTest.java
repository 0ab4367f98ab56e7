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
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Count windows by processing time, in a running topology on simulated time: which tuples each
 * evaluation holds, which are new and which expired, and that each input is acked when it leaves
 * the last window it belongs to, after what the windows emitted (anchored to it) was acked.
 */
class CountWindowTest {

    private static TopologyBuilder topology(FeederSpout spout, Recorder window, Sink sink) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", window).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("window");
        return b;
    }

    private static List<Object> ints(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().map(i -> (Object) i).toList();
    }

    @Test
    void aSlidingCountWindowHoldsTheLastNAndAcksWhatLeavesIt() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withWindow(Count.of(5), Count.of(2));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("count", new Config(), topology(spout, window, sink).createTopology());
            for (int i = 1; i <= 10; i++) {
                spout.feed(new Values(i), i);
                cluster.waitForIdle();
                switch (i) {
                    case 1, 2, 3, 4, 5 -> assertThat(spout.getAcked()).as("after %d", i).isEmpty();
                    case 6, 7 -> assertThat(spout.getAcked()).as("after %d", i).containsExactly(1);
                    case 8, 9 -> assertThat(spout.getAcked()).as("after %d", i).containsExactly(1, 2, 3);
                    default -> assertThat(spout.getAcked()).as("after %d", i).containsExactly(1, 2, 3, 4, 5);
                }
            }
            List<Seen> seen = window.windows();
            assertThat(seen).extracting(Seen::all).containsExactly(ints(1, 2), ints(1, 4), ints(2, 6), ints(4, 8),
                    ints(6, 10));
            assertThat(seen).extracting(Seen::fresh).containsExactly(ints(1, 2), ints(3, 4), ints(5, 6), ints(7, 8),
                    ints(9, 10));
            assertThat(seen).extracting(Seen::expired).containsExactly(List.of(), List.of(), ints(1, 1), ints(2, 3),
                    ints(4, 5));
            // No time span for a count window; the end is when it was evaluated (time 0 here).
            assertThat(seen).allSatisfy(s -> {
                assertThat(s.start()).isNull();
                assertThat(s.end()).isEqualTo(0L);
            });
            // Each window's sum, anchored to every tuple in it.
            assertThat(sink.firstValues()).containsExactly(3, 10, 20, 30, 40);
            assertThat(sink.received()).extracting(WindowFixtures.Received::roots).containsExactly(2, 4, 5, 5, 5);
            assertThat(spout.getFailed()).isEmpty();
        }
    }

    @Test
    void aTumblingCountWindowHasEachTupleOnceAndAcksItAtTheNextWindow() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withTumblingWindow(Count.of(3));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("tumbling", new Config(), topology(spout, window, sink).createTopology());
            for (int i = 1; i <= 7; i++) {
                spout.feed(new Values(i), i);
            }
            cluster.waitForIdle();
            assertThat(window.contents()).containsExactly(ints(1, 3), ints(4, 6));
            assertThat(window.windows()).extracting(Seen::expired).containsExactly(List.of(), ints(1, 3));
            // 1..3 left with the second window; 4..6 leave with the third, which 7 has not filled.
            assertThat(spout.getAcked()).containsExactly(1, 2, 3);
            spout.feed(new Values(8), 8);
            spout.feed(new Values(9), 9);
            cluster.waitForIdle();
            assertThat(window.contents()).containsExactly(ints(1, 3), ints(4, 6), ints(7, 9));
            assertThat(spout.getAcked()).containsExactly(1, 2, 3, 4, 5, 6);
        }
    }

    @Test
    void aCountWindowEvaluatedEverySecondOfTheTopologysClock() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Recorder window = new Recorder();
        window.withWindow(Count.of(3), Duration.seconds(1));
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("count-time", new Config(), topology(spout, window, sink).createTopology());
            for (int i = 1; i <= 4; i++) {
                spout.feed(new Values(i), i);
            }
            cluster.waitForIdle();
            assertThat(window.windows()).isEmpty();
            clock.advanceMillis(999);
            assertThat(window.windows()).isEmpty();
            clock.advanceMillis(1);
            assertThat(window.contents()).containsExactly(ints(2, 4));
            // The reference time is the instant the evaluation was due, less 1 ms.
            assertThat(window.windows().get(0).end()).isEqualTo(999L);
            assertThat(spout.getAcked()).containsExactly(1);
            spout.feed(new Values(5), 5);
            cluster.waitForIdle();
            // One advance of three seconds: three evaluations, each at its own instant; as in Storm,
            // a window is evaluated at every interval, also when nothing has changed.
            clock.advanceMillis(3000);
            assertThat(window.contents()).containsExactly(ints(2, 4), ints(3, 5), ints(3, 5), ints(3, 5));
            assertThat(window.windows()).extracting(Seen::end).containsExactly(999L, 1999L, 2999L, 3999L);
            assertThat(window.windows()).extracting(Seen::fresh).containsExactly(ints(2, 4), ints(5, 5), List.of(),
                    List.of());
            assertThat(spout.getAcked()).containsExactly(1, 2);
        }
    }
}
