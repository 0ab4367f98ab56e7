package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.spout.CheckpointSpout;
import dev.gale.state.StateFixtures.Counter;
import dev.gale.stats.ErrorInfo;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.FatalTopologyException;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A checkpoint step that keeps failing is retried with an exponential back-off on the topology's
 * clock, reported, and goes through once the cause clears; an error no retry can clear stops the
 * topology with the reason.
 */
class CheckpointRetryTest {
    private static final int INTERVAL = 1000;

    private static Config conf(String store) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, store);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, INTERVAL);
        return conf;
    }

    private static List<String> errors(LocalCluster cluster, String topology, String component) {
        return cluster.getTopologyStats(topology).component(component).orElseThrow().lastErrors().stream()
                .map(ErrorInfo::message).toList();
    }

    @Test
    void aCommitThatKeepsFailingIsRetriedWithBackOffAndGoesThroughOnceItClears() {
        String store = "retry-" + UUID.randomUUID();
        SharedStoreProvider.Faults faults = SharedStoreProvider.faults(store);
        faults.prefix = "retry/count/";
        int injected = 1_000_000;
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("words", spout);
            b.setBolt("count", new Counter()).shuffleGrouping("words");
            cluster.submitTopology("retry", conf(store), b.createTopology());
            spout.feed(new Values("a"), "a");
            cluster.waitForIdle();
            faults.failCommits.set(injected); // the store refuses every commit: say, Redis is down
            clock.advanceMillis(INTERVAL);
            for (int i = 0; i < 100; i++) { // 10 s of the topology's clock
                clock.advanceMillis(100);
            }
            int tries = injected - faults.failCommits.get();
            // 0, 100, 200, 400, ..., 6400 ms apart: 9 tries in 11 s, not one per loop of the spout.
            assertThat(tries).isBetween(6, 12);
            assertThat(errors(cluster, "retry", CheckpointSpout.CHECKPOINT_COMPONENT_ID))
                    .anySatisfy(m -> assertThat(m).contains("COMMIT of txid 0 failed 3 times in a row; the next try in 200 ms"));
            assertThat(spout.getAcked()).isEmpty();

            faults.failCommits.set(0); // the store is back
            for (int i = 0; i < 15; i++) {
                clock.advanceMillis(1000);
            }
            assertThat(spout.getAcked()).containsExactly("a");
            assertThat(cluster.getTopologyStats("retry").fatal()).isEmpty();
        }
    }

    /** A stateful bolt whose initState meets a configuration it cannot work with. */
    static final class Misconfigured extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void initState(KeyValueState<String, Long> state) {
            throw new FatalTopologyException("table 'counts' does not exist");
        }

        @Override
        public void execute(Tuple input) {
        }
    }

    @Test
    void anErrorNoRetryCanClearStopsTheTopologyWithTheReason() {
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("words", new FeederSpout(new Fields("word")));
            b.setBolt("count", new Misconfigured()).shuffleGrouping("words");
            cluster.submitTopology("fatal", conf("fatal-" + UUID.randomUUID()), b.createTopology());
            assertThatThrownBy(cluster::waitForIdle).hasMessageContaining("table 'counts' does not exist");
            assertThat(cluster.getTopologyStats("fatal").fatal()).hasValueSatisfying(e -> {
                assertThat(e.componentId()).isEqualTo("count");
                assertThat(e.message()).contains("table 'counts' does not exist");
            });
        }
    }

    @Test
    void aStateProviderThatCannotBeLoadedIsRefusedAtSubmit() {
        Config conf = conf("missing-" + UUID.randomUUID());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, "com.example.NoSuchProvider");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("words", new FeederSpout(new Fields("word")));
            b.setBolt("count", new Counter()).shuffleGrouping("words");
            assertThatThrownBy(() -> cluster.submitTopology("missing", conf, b.createTopology()))
                    .isInstanceOf(InvalidTopologyException.class)
                    .hasMessageContaining("com.example.NoSuchProvider");
        }
    }
}
