package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Storm configuration keys and implicit streams that change what a topology does. */
class StormConfigKeysTest {

    @Test
    void topologyTasksComesFromTheDeclarerTheComponentOrTheTopologyAsInStorm() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word"))).setNumTasks(1);
        b.setBolt("declarer", new Bolts.Sink(), 2).setNumTasks(4).shuffleGrouping("spout");
        b.setBolt("own", new Bolts.Sink(Map.of(Config.TOPOLOGY_TASKS, 3)), 1).shuffleGrouping("spout");
        b.setBolt("topology", new Bolts.Sink(), 2).shuffleGrouping("spout");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_TASKS, 5);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("tasks", conf, b.createTopology());
            TopologyPlan plan = Internals.running(cluster, "tasks").plan();
            assertThat(plan.tasksOf("declarer")).hasSize(4);
            assertThat(plan.component("declarer").parallelism()).isEqualTo(2);
            assertThat(plan.tasksOf("own")).hasSize(3);
            assertThat(plan.component("own").parallelism()).isEqualTo(1);
            // The topology-wide value applies to components that set none, as in Storm.
            assertThat(plan.tasksOf("topology")).hasSize(5);
            assertThat(plan.component("topology").parallelism()).isEqualTo(2);
            assertThat(plan.tasksOf("spout")).hasSize(1);
        }
    }

    @Test
    void aBadTopologyTasksValueIsRefusedNamingTheComponent() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")));
        b.setBolt("bolt", new Bolts.Sink(Map.of(Config.TOPOLOGY_TASKS, "many"))).shuffleGrouping("spout");
        assertThatThrownBy(b::createTopology).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bolt 'bolt'").hasMessageContaining(Config.TOPOLOGY_TASKS);
    }

    /** Emits one tracked tuple to a bolt that never acks it, then lets twice the timeout pass. */
    private static FeederSpout runPastTheTimeout(boolean timeoutsEnabled) {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", new HoldingBolt(false, 0)).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        conf.put(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, timeoutsEnabled);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("timeouts", conf, b.createTopology());
            spout.feed(new Values("w"), 1);
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(25));
            cluster.waitForIdle();
        }
        return spout;
    }

    @Test
    void withMessageTimeoutsDisabledAnUnackedTreeIsNeverFailed() {
        assertThat(runPastTheTimeout(true).getFailed()).containsExactly(1);
        FeederSpout disabled = runPastTheTimeout(false);
        assertThat(disabled.getFailed()).isEmpty();
        assertThat(disabled.getAcked()).isEmpty();
    }

    @Test
    void subscribingToTheImplicitSystemAndTickStreamsIsValidAndTicksStillFollowTheConfiguration() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        Bolts.Sink ticked = new Bolts.Sink(Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 5));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink).shuffleGrouping("spout")
                .shuffleGrouping(Constants.SYSTEM_COMPONENT_ID, Constants.SYSTEM_TICK_STREAM_ID)
                .allGrouping("spout", "__system");
        b.setBolt("ticked", ticked).fieldsGrouping(Constants.SYSTEM_COMPONENT_ID, Constants.SYSTEM_TICK_STREAM_ID,
                new Fields("rate_secs"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("implicit", new Config(), b.createTopology());
            spout.feed(new Values("w"), 1);
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(10));
            cluster.waitForIdle();
            assertThat(Internals.running(cluster, "implicit").plan()
                    .outputFields(Constants.SYSTEM_COMPONENT_ID, Constants.SYSTEM_TICK_STREAM_ID).toList())
                    .containsExactly("rate_secs");
        }
        // Nothing is emitted on the implicit streams; ticks come from the tick frequency only.
        assertThat(sink.record.seen()).extracting(Bolts.Seen::stream).containsExactly("default");
        assertThat(ticked.record.seen()).hasSize(2).allSatisfy(s -> assertThat(s.stream()).isEqualTo("__tick"));
        assertThat(spout.getAcked()).containsExactly(1);
    }

    @Test
    void aFieldsGroupingOnAnImplicitStreamMustNameItsFields() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")));
        b.setBolt("bolt", new Bolts.Sink()).fieldsGrouping(Constants.SYSTEM_COMPONENT_ID, Constants.SYSTEM_TICK_STREAM_ID,
                new Fields("nope"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            assertThatThrownBy(() -> cluster.submitTopology("bad", new Config(), b.createTopology()))
                    .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("bolt 'bolt'")
                    .hasMessageContaining("'nope'").hasMessageContaining("rate_secs");
        }
    }
}
