package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.CheckpointSpout;
import dev.gale.state.StateFixtures.Counter;
import dev.gale.state.StateFixtures.Sink;
import dev.gale.stats.ErrorInfo;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The checkpoint protocol on simulated time: initState before any tuple, acks held until the
 * commit that saves their effect, a crash between checkpoints restoring the last committed state,
 * and failures during prepare and commit rolling back or forward. The "crash" is a kill of the
 * topology, and the restart a new topology on the same {@link SharedStoreProvider} store: the
 * tasks, the checkpoint spout included, find what a durable store would have kept.
 */
class CheckpointProtocolTest {
    private static final int INTERVAL = 1000;

    private static Config conf(String store) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, store);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, INTERVAL);
        return conf;
    }

    private static TopologyBuilder topology(FeederSpout spout, Counter counter, Sink sink) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("count", counter).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("count");
        return b;
    }

    private static void feed(LocalCluster cluster, FeederSpout spout, Object id, String... words) {
        for (String w : words) {
            spout.feed(new Values(w), id == null ? null : id + "-" + w);
        }
        cluster.waitForIdle();
    }

    private static List<String> errors(LocalCluster cluster, String topology, String component) {
        return cluster.getTopologyStats(topology).component(component).orElseThrow().lastErrors().stream()
                .map(ErrorInfo::message).toList();
    }

    @Test
    void initStateComesBeforeAnyTupleAndAcksWaitForTheCommit() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Counter counter = new Counter();
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("held", conf("held-" + UUID.randomUUID()), topology(spout, counter, sink).createTopology());
            feed(cluster, spout, 1, "a", "b", "a");
            assertThat(counter.events()).containsExactly("init {}", "exec a", "exec b", "exec a");
            assertThat(sink.lastCounts()).isEqualTo(Map.of("a", 2L, "b", 1L));
            assertThat(spout.getAcked()).as("nothing is acked before its effect is committed").isEmpty();

            clock.advanceMillis(INTERVAL);
            assertThat(spout.getAcked()).containsExactlyInAnyOrder("1-a", "1-b", "1-a");
            assertThat(spout.getFailed()).isEmpty();
        }
    }

    @Test
    void aCrashBetweenCheckpointsRestoresTheLastCommittedState() {
        String store = "crash-" + UUID.randomUUID();
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("crash", conf(store), topology(spout, new Counter(), new Sink()).createTopology());
            feed(cluster, spout, 1, "a", "b");
            clock.advanceMillis(INTERVAL); // committed: a=1, b=1
            feed(cluster, spout, 2, "a", "c"); // a=2, c=1: not committed
            cluster.killTopology("crash");
        }
        assertThat(spout.getAcked()).containsExactlyInAnyOrder("1-a", "1-b");
        assertThat(SharedStoreProvider.namespaces(store)).contains("crash/$checkpointspout/0");

        Counter counter = new Counter();
        Sink sink = new Sink();
        FeederSpout replay = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("crash", conf(store), topology(replay, counter, sink).createTopology());
            cluster.waitForIdle();
            assertThat(counter.inits()).containsExactly(Map.of("a", 1L, "b", 1L));
            // The spout replays what was not acked: each counts once on top of the committed state.
            feed(cluster, replay, 2, "a", "c");
            assertThat(sink.lastCounts()).isEqualTo(Map.of("a", 2L, "c", 1L));
            ((SimulatedClock) cluster.getClock()).advanceMillis(INTERVAL);
            assertThat(replay.getAcked()).containsExactlyInAnyOrder("2-a", "2-c");
        }
    }

    @Test
    void noCommittedUpdateIsLostAcrossRestarts() {
        String store = "restarts-" + UUID.randomUUID();
        long expected = 0;
        for (int run = 0; run < 3; run++) {
            SimulatedClock clock = new SimulatedClock();
            FeederSpout spout = new FeederSpout(new Fields("word"));
            Counter counter = new Counter();
            try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
                cluster.submitTopology("restarts", conf(store), topology(spout, counter, new Sink()).createTopology());
                cluster.waitForIdle();
                assertThat(counter.inits()).singleElement()
                        .isEqualTo(expected == 0 ? Map.of() : Map.of("w", expected));
                for (int i = 0; i < 5; i++) {
                    feed(cluster, spout, run + "." + i, "w");
                    clock.advanceMillis(INTERVAL);
                    expected++;
                }
                feed(cluster, spout, run + ".lost", "w"); // never committed
                cluster.killTopology("restarts");
            }
        }
        String countNs = SharedStoreProvider.namespaces(store).stream().filter(n -> n.contains("/count/")).findFirst()
                .orElseThrow();
        assertThat(SharedStoreProvider.committed(store, countNs, "w")).isEqualTo(expected);
        assertThat(SharedStoreProvider.committedTxid(store, countNs)).as("txids go on across restarts").isEqualTo(14L);
    }

    @Test
    void aFailedPrepareRollsBackAndFailsTheTuplesSinceTheLastCommit() {
        String store = "prepare-" + UUID.randomUUID();
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Counter counter = new Counter();
        Sink sink = new Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("prepare", conf(store), topology(spout, counter, sink).createTopology());
            feed(cluster, spout, 1, "a");
            clock.advanceMillis(INTERVAL); // a=1 committed
            assertThat(spout.getAcked()).containsExactly("1-a");

            feed(cluster, spout, 2, "a", "b"); // a=2, b=1
            SharedStoreProvider.Faults faults = SharedStoreProvider.faults(store);
            faults.prefix = "prepare/count/";
            faults.failPrepares.set(1);
            clock.advanceMillis(INTERVAL); // the prepare fails: rollback to a=1
            assertThat(errors(cluster, "prepare", "count")).anySatisfy(m -> assertThat(m).contains("injected failure preparing"));
            assertThat(spout.getFailed()).containsExactlyInAnyOrder("2-a", "2-b");
            assertThat(spout.getAcked()).containsExactly("1-a");

            feed(cluster, spout, 3, "a"); // on top of the rolled-back state
            assertThat(sink.received().get(sink.received().size() - 1)).containsExactly("a", 2L);
            clock.advanceMillis(INTERVAL);
            assertThat(spout.getAcked()).containsExactlyInAnyOrder("1-a", "3-a");
            String countNs = SharedStoreProvider.namespaces(store).stream().filter(n -> n.contains("/count/")).findFirst()
                    .orElseThrow();
            assertThat(SharedStoreProvider.committed(store, countNs, "a")).isEqualTo(2L);
            assertThat(SharedStoreProvider.committed(store, countNs, "b")).isNull();
        }
    }

    @Test
    void aFailedCommitIsCommittedAgainInRecovery() {
        String store = "commit-" + UUID.randomUUID();
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("commit", conf(store), topology(spout, new Counter(), new Sink()).createTopology());
            feed(cluster, spout, 1, "a", "b");
            SharedStoreProvider.Faults faults = SharedStoreProvider.faults(store);
            faults.prefix = "commit/count/";
            faults.failCommits.set(1);
            clock.advanceMillis(INTERVAL); // prepared; the commit fails once; the recovery commits it
            assertThat(errors(cluster, "commit", "count")).anySatisfy(m -> assertThat(m).contains("injected failure committing"));
            assertThat(spout.getAcked()).containsExactlyInAnyOrder("1-a", "1-b");
            assertThat(spout.getFailed()).isEmpty();
            String countNs = SharedStoreProvider.namespaces(store).stream().filter(n -> n.contains("/count/")).findFirst()
                    .orElseThrow();
            assertThat(SharedStoreProvider.committed(store, countNs, "a")).isEqualTo(1L);
        }
    }

    @Test
    void aValueThatCannotBeSerializedFailsTheCommitNamingTheBoltAndTheClass() {
        String store = "poison-" + UUID.randomUUID();
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("poison", conf(store), topology(spout, new Counter(true, false), new Sink())
                    .createTopology());
            feed(cluster, spout, 1, "a");
            clock.advanceMillis(INTERVAL);
            assertThat(errors(cluster, "poison", "count")).anySatisfy(m -> assertThat(m)
                    .contains("state 'poison/count/")
                    .contains(StateFixtures.NotSerializable.class.getName())
                    .contains("valueSerializerClass"));
            assertThat(spout.getAcked()).isEmpty();
            assertThat(spout.getFailed()).containsExactly("1-a");
        }
    }

    @Test
    void statefulTopologiesRefuseUnanchoredEmits() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("unanchored", new Config(), topology(spout, new Counter(false, true), new Sink())
                    .createTopology());
            feed(cluster, spout, 1, "a");
            assertThat(errors(cluster, "unanchored", "count"))
                    .anySatisfy(m -> assertThat(m).contains("must emit anchored tuples"));
        }
    }

    @Test
    void theBuilderWiresTheCheckpointStreamThroughEveryBolt() {
        TopologyBuilder b = topology(new FeederSpout(new Fields("word")), new Counter(), new Sink());
        var topology = b.createTopology();
        assertThat(topology.get_spouts()).containsKey(CheckpointSpout.CHECKPOINT_COMPONENT_ID);
        assertThat(topology.get_bolts().get("count").get_common().get_inputs().keySet())
                .anySatisfy(s -> {
                    assertThat(s.get_componentId()).isEqualTo(CheckpointSpout.CHECKPOINT_COMPONENT_ID);
                    assertThat(s.get_streamId()).isEqualTo(CheckpointSpout.CHECKPOINT_STREAM_ID);
                });
        assertThat(topology.get_bolts().get("sink").get_common().get_inputs().keySet())
                .anySatisfy(s -> {
                    assertThat(s.get_componentId()).isEqualTo("count");
                    assertThat(s.get_streamId()).isEqualTo(CheckpointSpout.CHECKPOINT_STREAM_ID);
                });
        // Without stateful bolts nothing is added.
        TopologyBuilder plain = new TopologyBuilder();
        plain.setSpout("spout", new FeederSpout(new Fields("word")));
        plain.setBolt("sink", new Sink()).shuffleGrouping("spout");
        assertThat(plain.createTopology().get_spouts()).doesNotContainKey(CheckpointSpout.CHECKPOINT_COMPONENT_ID);
    }
}
