package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Tick tuples arrive at the configured frequency on the topology's clock, and only where configured. */
class TickTupleTest {

    /** Ticks each task of the bolt received. */
    private static Map<Integer, Long> ticksByTask(Bolts.Sink bolt) {
        return bolt.record.seen().stream()
                .filter(s -> Constants.SYSTEM_TICK_STREAM_ID.equals(s.stream())
                        && Constants.SYSTEM_COMPONENT_ID.equals(s.sourceComponent()))
                .collect(Collectors.groupingBy(Bolts.Seen::task, Collectors.counting()));
    }

    private static void assertTicks(Bolts.Sink bolt, long perTask) {
        List<Integer> tasks = bolt.record.componentTasks();
        Map<Integer, Long> ticks = ticksByTask(bolt);
        assertThat(ticks.keySet()).containsExactlyInAnyOrderElementsOf(tasks);
        assertThat(ticks.values()).allSatisfy(n -> assertThat(n).isEqualTo(perTask));
    }

    @Test
    void ticksConfiguredOnTheDeclarerOrTheComponentArriveEveryTenSeconds() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink declared = new Bolts.Sink();
        Bolts.Sink own = new Bolts.Sink(Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 10));
        Bolts.Sink none = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("declared", declared, 2).shuffleGrouping("spout")
                .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 10);
        b.setBolt("own", own, 3).shuffleGrouping("spout");
        b.setBolt("none", none, 2).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("ticks", new Config(), b.createTopology());
            spout.feed(new Values("w"), 1);
            cluster.waitForIdle();

            clock.advance(Duration.ofMillis(9_999));
            assertThat(ticksByTask(declared)).isEmpty();
            assertThat(ticksByTask(own)).isEmpty();

            clock.advance(Duration.ofMillis(1));
            assertTicks(declared, 1);
            assertTicks(own, 1);

            clock.advance(Duration.ofSeconds(50));
            // advance returns only once every due tick was processed: no waiting needed.
            assertTicks(declared, 6);
            assertTicks(own, 6);
            assertThat(ticksByTask(none)).isEmpty();
            assertThat(none.record.seen()).hasSize(1);

            // A tick carries its frequency and comes from the system task.
            assertThat(declared.record.seen()).filteredOn(s -> "__tick".equals(s.stream())).allSatisfy(s -> {
                assertThat(s.values()).containsExactly(10);
                assertThat(s.sourceTask()).isEqualTo(Constants.SYSTEM_TASK_ID);
            });
            assertThat(spout.getAcked()).containsExactly(1);
        }
    }

    @Test
    void sixtySecondsInOneAdvanceDeliverExactlySixTicks() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink bolt = new Bolts.Sink();
        Bolts.Sink none = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("ticked", bolt, 2).shuffleGrouping("spout")
                .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 10);
        b.setBolt("none", none).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("ticks", new Config(), b.createTopology());
            clock.advance(Duration.ofSeconds(60));
            assertTicks(bolt, 6);
            cluster.waitForIdle(); // so that "none" has surely been prepared
            assertThat(none.record.seen()).isEmpty();
            assertThat(none.record.componentTasks()).hasSize(1);
        }
    }

    @Test
    void topologyWideTickFrequencyReachesEveryBolt() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink first = new Bolts.Sink();
        Bolts.Sink second = new Bolts.Sink();
        Bolts.Sink faster = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("first", first, 2).shuffleGrouping("spout");
        b.setBolt("second", second).shuffleGrouping("spout");
        // A component setting overrides the topology's.
        b.setBolt("faster", faster).shuffleGrouping("spout").addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 5);
        Config conf = new Config();
        conf.setTickTupleFreqSecs(10);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("ticks", conf, b.createTopology());
            clock.advance(Duration.ofSeconds(60));
            assertTicks(first, 6);
            assertTicks(second, 6);
            assertTicks(faster, 12);
            // Ticks are not spout tuples: nothing was tracked.
            assertThat(spout.getAcked()).isEmpty();
            assertThat(spout.getFailed()).isEmpty();
        }
    }
}
