package dev.gale.state;

import static dev.gale.state.CheckpointedNumbers.committed;
import static dev.gale.state.CheckpointedNumbers.sumBelow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.CheckpointSpout;
import dev.gale.state.CheckpointedNumbers.NumberSpout;
import dev.gale.state.CheckpointedNumbers.Scenario;
import dev.gale.state.CheckpointedNumbers.Summer;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once mode on simulated time, with a checkpointed spout of its own ({@link dev.gale.spout.CheckpointRelay}):
 * the spout's position is committed with the bolts' state, so after a crash, or a failed tuple,
 * every number is summed exactly once.
 */
class ExactlyOnceProtocolTest {
    private static final int INTERVAL = 1000;

    private static Config conf(String store) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, store);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, INTERVAL);
        return conf;
    }

    private static TopologyBuilder topology(String source) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("numbers", new NumberSpout(source), 1);
        b.setBolt("sum", new Summer(source), 2).shuffleGrouping("numbers");
        return b;
    }

    @Test
    void theBuilderHasTheBoltsReadCheckpointsFromTheCheckpointedSpout() {
        var topology = topology("wiring-" + UUID.randomUUID()).createTopology();
        assertThat(topology.get_bolts().get("sum").get_common().get_inputs().keySet())
                .anySatisfy(s -> {
                    assertThat(s.get_componentId()).isEqualTo("numbers");
                    assertThat(s.get_streamId()).isEqualTo(CheckpointSpout.CHECKPOINT_STREAM_ID);
                })
                .noneSatisfy(s -> assertThat(s.get_componentId()).isEqualTo(CheckpointSpout.CHECKPOINT_COMPONENT_ID));
    }

    @Test
    void afterACrashEachNumberIsSummedExactlyOnce() {
        String source = "crash-" + UUID.randomUUID();
        String store = "eo-" + source;
        Scenario s = CheckpointedNumbers.scenario(source, 50);
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("eo", conf(store), topology(source).createTopology());
            cluster.waitForIdle();
            clock.advanceMillis(INTERVAL); // 0..49 and the position 50 committed together
            assertThat(committed(store, "eo")).containsExactly(sumBelow(50), 50);
            s.limit = 80;
            cluster.waitForIdle(); // 50..79 summed, not committed
            cluster.killTopology("eo");
        }
        assertThat(committed(store, "eo")).containsExactly(sumBelow(50), 50);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("eo", conf(store), topology(source).createTopology());
            cluster.waitForIdle(); // the spout resumes at 50
            ((SimulatedClock) cluster.getClock()).advanceMillis(INTERVAL);
            assertThat(committed(store, "eo")).containsExactly(sumBelow(80), 80);
        }
    }

    @Test
    void aFailedTupleRollsEverythingBackAndTheSpoutReadsAgain() {
        String source = "fail-" + UUID.randomUUID();
        String store = "eo-" + source;
        Scenario s = CheckpointedNumbers.scenario(source, 40);
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("eo-fail", conf(store), topology(source).createTopology());
            cluster.waitForIdle();
            clock.advanceMillis(INTERVAL);
            assertThat(committed(store, "eo-fail")).containsExactly(sumBelow(40), 40);
            s.breakOnce.add(55);
            s.limit = 70;
            cluster.waitForIdle(); // 55 fails: every task back to the commit, the spout back to 40
            clock.advanceMillis(INTERVAL);
            assertThat(s.breakOnce).isEmpty();
            assertThat(committed(store, "eo-fail")).containsExactly(sumBelow(70), 70);
        }
    }

    @Test
    void aSpoutAtItsPendingLimitStillRelaysTheCheckpointsItsTreesWaitFor() {
        String source = "capped-" + UUID.randomUUID();
        String store = "eo-" + source;
        Scenario s = CheckpointedNumbers.scenario(source, 50);
        SimulatedClock clock = new SimulatedClock();
        Config conf = conf(store);
        conf.setMaxSpoutPending(10); // the bolts ack on commit: 10 open trees fill the spout until a checkpoint
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("eo-capped", conf, topology(source).createTopology());
            for (int i = 0; i < 20 && committed(store, "eo-capped")[1] < 50; i++) {
                cluster.waitForIdle();
                clock.advanceMillis(INTERVAL);
                cluster.waitForIdle();
                assertThat(committed(store, "eo-capped")[1]).as("after checkpoint %d", i).isGreaterThanOrEqualTo(Math.min(50, 9L * i));
            }
            assertThat(committed(store, "eo-capped")).containsExactly(sumBelow(50), 50);
        }
    }
}
