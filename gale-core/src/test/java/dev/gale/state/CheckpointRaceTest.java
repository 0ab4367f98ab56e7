package dev.gale.state;

import static dev.gale.state.CheckpointedNumbers.committed;
import static dev.gale.state.CheckpointedNumbers.sumBelow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.state.CheckpointedNumbers.Break;
import dev.gale.state.CheckpointedNumbers.Breaker;
import dev.gale.state.CheckpointedNumbers.NumberSpout;
import dev.gale.state.CheckpointedNumbers.Scenario;
import dev.gale.state.CheckpointedNumbers.Summer;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Exactly-once when a tuple's failure races a checkpoint: the failure reaches the spout after the
 * bolts prepared the checkpoint, or while the spout's PREPARE is in flight. Either way the
 * checkpoint that saved a position past the failed tuple must not be committed, or the rollback
 * the failure asks for goes back to it and the tuple is lost. On simulated time, stepped, so each
 * interleaving is exact.
 */
class CheckpointRaceTest {
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
        b.setBolt("pass", new Breaker(source), 2).shuffleGrouping("numbers");
        b.setBolt("sum", new Summer(source), 2).shuffleGrouping("pass");
        return b;
    }

    /** Starts a scenario with 0..39 committed. */
    private static Scenario committedUpTo40(String source, LocalCluster cluster, SimulatedClock clock, String store) {
        Scenario s = CheckpointedNumbers.scenario(source, 40);
        cluster.submitTopology("race", conf(store), topology(source).createTopology());
        cluster.waitForIdle();
        clock.advanceMillis(INTERVAL);
        assertThat(committed(store, "race")).containsExactly(sumBelow(40), 40);
        return s;
    }

    @ParameterizedTest
    @EnumSource(value = Break.class, names = {"FAIL", "THROW"})
    void aFailureThatReachesTheSpoutAfterTheBoltsPreparedIsNotLost(Break how) {
        String source = "late-" + how + "-" + UUID.randomUUID();
        String store = "race-" + source;
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Scenario s = committedUpTo40(source, cluster, clock, store);
            s.how = how;
            s.breakOnce.add(55);
            s.holdFails = true;
            s.limit = 60;
            cluster.waitForIdle(); // 55 failed in a bolt; its failure has not reached the spout yet
            clock.advanceMillis(INTERVAL); // the checkpoint after it
            s.releaseFails = true; // ... and then the failure arrives
            cluster.waitForIdle();
            for (int i = 0; i < 3; i++) {
                clock.advanceMillis(INTERVAL);
            }
            assertThat(s.breakOnce).isEmpty();
            assertThat(committed(store, "race")).as("every number summed once, 55 too").containsExactly(sumBelow(60), 60);
        }
    }

    @Test
    void aFailedTupleEmittedAfterThePrepareDoesNotSpoilIt() {
        String source = "after-" + UUID.randomUUID();
        String store = "race-" + source;
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Scenario s = committedUpTo40(source, cluster, clock, store);
            s.limit = 60;
            cluster.waitForIdle();
            s.limit = 61;
            s.failNextAfterPrepare = true; // 60, emitted after the next PREPARE, fails while it is in flight
            clock.advanceMillis(INTERVAL);
            assertThat(s.failNextAfterPrepare).as("the race happened").isFalse();
            assertThat(committed(store, "race")).as("the checkpoint before 60 committed").containsExactly(sumBelow(60), 60);
            clock.advanceMillis(INTERVAL);
            assertThat(committed(store, "race")).as("60 replayed after the rollback").containsExactly(sumBelow(61), 61);
        }
    }

    @Test
    void aFailureThatReachesTheSpoutWhileItsPrepareIsInFlightIsNotLost() {
        String source = "racing-" + UUID.randomUUID();
        String store = "race-" + source;
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Scenario s = committedUpTo40(source, cluster, clock, store);
            s.how = Break.DROP;
            s.breakOnce.add(55); // lost on its way: only its timeout would tell the spout
            s.limit = 60;
            cluster.waitForIdle();
            s.failAfterPrepare = 55; // that failure arrives just after the spout relayed the next PREPARE
            for (int i = 0; i < 4; i++) {
                clock.advanceMillis(INTERVAL);
            }
            assertThat(s.failAfterPrepare).as("the race happened").isNull();
            assertThat(s.breakOnce).isEmpty();
            assertThat(committed(store, "race")).as("every number summed once, 55 too").containsExactly(sumBelow(60), 60);
        }
    }
}
