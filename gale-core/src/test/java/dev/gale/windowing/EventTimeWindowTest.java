package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.WindowedBoltExecutor;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.WindowFixtures.Received;
import dev.gale.windowing.WindowFixtures.Recorder;
import dev.gale.windowing.WindowFixtures.Seen;
import dev.gale.windowing.WindowFixtures.Sink;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Windows by event time, read from the tuples' "ts" field: watermarks (the least of the input
 * streams' latest timestamps, minus the lag) come every second of the topology's clock and close
 * the windows that end by then; tuples out of order within the lag are in time, later ones are
 * late: dropped and acked, or sent on the late-tuple stream.
 */
class EventTimeWindowTest {

    /** Feeds (n, ts), tracked under message id n. */
    private static void feed(FeederSpout spout, int n, long ts) {
        spout.feed(new Values(n, ts), n);
    }

    @Test
    void outOfOrderTuplesWithinTheLagAreInTheirWindowsAndLateOnesAreDroppedAndAcked() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n", "ts"));
        Recorder window = new Recorder();
        window.withWindow(Duration.seconds(10), Duration.seconds(5)).withTimestampField("ts")
                .withLag(Duration.seconds(2));
        Sink sink = new Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", window).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("window");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("event-time", new Config(), b.createTopology());
            feed(spout, 1, 1000);
            feed(spout, 2, 3000);
            feed(spout, 3, 2000); // out of order, within the lag
            feed(spout, 4, 7000);
            feed(spout, 5, 12_000);
            cluster.waitForIdle();
            assertThat(window.windows()).as("no watermark yet").isEmpty();

            clock.advanceMillis(1000); // watermark 12000 - 2000 = 10000: the windows ending at 5000 and 10000
            assertThat(window.windows()).extracting(Seen::end).containsExactly(5000L, 10_000L);
            assertThat(window.contents()).containsExactly(List.of(1, 2, 3), List.of(1, 2, 3, 4));
            assertThat(window.windows()).extracting(Seen::fresh).containsExactly(List.of(1, 2, 3), List.of(4));
            assertThat(window.windows()).extracting(Seen::start).containsExactly(-5000L, 0L);
            assertThat(spout.getAcked()).isEmpty();

            feed(spout, 6, 9500); // older than the watermark (10000): late
            feed(spout, 7, 11_000);
            feed(spout, 8, 20_000);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).as("the late tuple is acked at once").containsExactly(6);

            clock.advanceMillis(1000); // watermark 18000: the window ending at 15000
            Seen third = window.windows().get(2);
            assertThat(third.end()).isEqualTo(15_000L);
            assertThat(third.all()).containsExactly(4, 5, 7);
            assertThat(third.expired()).containsExactly(1, 2, 3);
            assertThat(third.fresh()).containsExactly(5, 7);
            assertThat(spout.getAcked()).containsExactly(6, 1, 2, 3);
            assertThat(window.contents()).noneMatch(c -> c.contains(6));
            assertThat(spout.getFailed()).isEmpty();
        }
    }

    @Test
    void lateTuplesGoOnTheLateTupleStreamAnchoredToThemselves() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n", "ts"));
        Recorder window = new Recorder();
        window.withTumblingWindow(Duration.seconds(5)).withTimestampField("ts").withLateTupleStream("late");
        Sink sums = new Sink();
        Sink late = new Sink(6); // fails the late tuple 6 (so its tree fails)
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", window).shuffleGrouping("spout");
        b.setBolt("sums", sums).shuffleGrouping("window");
        b.setBolt("late", new LateUnwrap(), 1).shuffleGrouping("window", "late");
        b.setBolt("late-sink", late).shuffleGrouping("late");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("late", new Config(), b.createTopology());
            feed(spout, 1, 1000);
            feed(spout, 2, 6000);
            cluster.waitForIdle();
            clock.advanceMillis(1000); // watermark 6000 (no lag): the window ending at 5000
            assertThat(window.contents()).containsExactly(List.of(1));
            feed(spout, 5, 5999); // older than the watermark
            feed(spout, 6, 4000);
            cluster.waitForIdle();
            assertThat(late.received()).extracting(Received::values)
                    .containsExactly(List.of(5, 5999L), List.of(6, 4000L));
            assertThat(spout.getAcked()).contains(5).doesNotContain(6);
            assertThat(spout.getFailed()).containsExactly(6);
        }
    }

    @Test
    void theWatermarkWaitsForEveryInputStreamAndIsTheLeastOfTheirLatestTimestamps() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout left = new FeederSpout(new Fields("n", "ts"));
        FeederSpout right = new FeederSpout(new Fields("n", "ts"));
        Recorder window = new Recorder();
        // Tuples from two streams arrive out of order with each other: the lag must cover that.
        window.withTumblingWindow(Duration.seconds(10)).withTimestampField("ts").withLag(Duration.seconds(10))
                .withWatermarkInterval(Duration.of(500));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("left", left);
        b.setSpout("right", right);
        b.setBolt("window", window).shuffleGrouping("left").shuffleGrouping("right");
        b.setBolt("sink", new Sink()).shuffleGrouping("window");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("two-streams", new Config(), b.createTopology());
            feed(left, 1, 2000);
            feed(left, 2, 20_000);
            cluster.waitForIdle();
            clock.advanceMillis(5000);
            assertThat(window.windows()).as("nothing from 'right' yet: no watermark").isEmpty();
            feed(right, 10, 3000);
            cluster.waitForIdle();
            clock.advanceMillis(500);
            assertThat(window.windows()).as("watermark min(20000, 3000) - 10000: before any window end").isEmpty();
            feed(right, 11, 20_500);
            cluster.waitForIdle();
            clock.advanceMillis(500); // watermark min(20000, 20500) - 10000 = 10000
            assertThat(window.contents()).containsExactly(List.of(1, 10));
            assertThat(left.getAcked()).isEmpty();
            feed(left, 3, 35_000);
            feed(right, 12, 26_000);
            cluster.waitForIdle();
            clock.advanceMillis(500); // watermark min(35000, 26000) - 10000 = 16000: no window ends by then
            assertThat(window.windows()).hasSize(1);
            feed(right, 13, 31_000);
            cluster.waitForIdle();
            clock.advanceMillis(500); // watermark min(35000, 31000) - 10000 = 21000: the window ending at 20000
            assertThat(window.contents()).containsExactly(List.of(1, 10), List.of(2));
            assertThat(left.getAcked()).containsExactly(1);
            assertThat(right.getAcked()).containsExactly(10);
        }
    }

    @Test
    void aCountWindowByEventTimeCountsTheTuplesUpToTheWatermark() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("n", "ts"));
        Recorder window = new Recorder();
        window.withWindow(Count.of(3), Count.of(2)).withTimestampField("ts");
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", window).shuffleGrouping("spout");
        b.setBolt("sink", new Sink()).shuffleGrouping("window");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("event-count", new Config(), b.createTopology());
            for (int n = 1; n <= 5; n++) {
                feed(spout, n, n * 100L);
            }
            feed(spout, 6, 10_000);
            cluster.waitForIdle();
            clock.advanceMillis(1000); // watermark 10000: 6 tuples up to it, a window every 2
            assertThat(window.contents()).containsExactly(List.of(1, 2), List.of(2, 3, 4), List.of(4, 5, 6));
            assertThat(window.windows()).extracting(Seen::end).containsExactly(200L, 400L, 10_000L);
            assertThat(spout.getAcked()).containsExactly(1, 2, 3);
        }
    }

    /** Re-emits the late tuple's own values, anchored to the tuple from the late stream. */
    static final class LateUnwrap extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            Tuple lateTuple = (Tuple) input.getValueByField(WindowedBoltExecutor.LATE_TUPLE_FIELD);
            collector.emit(lateTuple.getValues());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n", "ts"));
        }
    }
}
