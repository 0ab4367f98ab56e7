package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.state.StateFixtures.Counter;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A restart on a durable store finds each task's committed state whatever else changed (ackers,
 * other components), keeps topologies apart, and is refused at submit, naming the component and
 * what to do, when the committed state cannot be mapped onto the topology submitted.
 */
class CheckpointLayoutTest {
    private static final int INTERVAL = 1000;
    private static final List<String> WORDS = List.of("a", "b", "c", "d", "e", "f");

    private static Config conf(String store, int ackers) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, store);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, INTERVAL);
        conf.setNumAckers(ackers);
        return conf;
    }

    /** "words" (a FeederSpout) into "count" (a Counter) by word. */
    private static TopologyBuilder topology(FeederSpout spout, Counter counter, int counters) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", spout);
        b.setBolt("count", counter, counters).fieldsGrouping("words", new Fields("word"));
        return b;
    }

    /** Runs the word count once on {@code store}, counting each of WORDS once and committing. */
    private static void countOnce(String name, String store, int ackers, int counters) {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology(name, conf(store, ackers), topology(spout, new Counter(), counters).createTopology());
            for (String w : WORDS) {
                spout.feed(new Values(w), w);
            }
            cluster.waitForIdle();
            clock.advanceMillis(INTERVAL);
            assertThat(spout.getAcked()).hasSize(WORDS.size());
        }
    }

    /** What the counter's tasks found when the topology started again: every task's state, merged. */
    private static Map<String, Object> restoredCounts(String name, String store, int ackers, int counters) {
        Counter counter = new Counter();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology(name, conf(store, ackers), topology(new FeederSpout(new Fields("word")), counter, counters)
                    .createTopology());
            cluster.waitForIdle();
        }
        assertThat(counter.inits()).hasSize(counters);
        Map<String, Object> all = new HashMap<>();
        counter.inits().forEach(all::putAll);
        return all;
    }

    private static Map<String, Object> eachOnce() {
        Map<String, Object> m = new HashMap<>();
        WORDS.forEach(w -> m.put(w, 1L));
        return m;
    }

    @Test
    void moreAckersOnRestartStillFindEveryTasksCommittedState() {
        String store = "ackers-" + UUID.randomUUID();
        countOnce("wc", store, 1, 2);
        assertThat(restoredCounts("wc", store, 3, 2)).isEqualTo(eachOnce());
    }

    @Test
    void twoTopologiesOnOneStoreKeepTheirStatesApart() {
        String store = "shared-" + UUID.randomUUID();
        countOnce("first", store, 1, 2);
        assertThat(restoredCounts("second", store, 1, 2)).as("a new topology starts empty").isEmpty();
        assertThat(restoredCounts("first", store, 1, 2)).isEqualTo(eachOnce());
    }

    @Test
    void aChangedParallelismIsRefusedAtSubmitAndAcceptedWhenSetBack() {
        String store = "parallelism-" + UUID.randomUUID();
        countOnce("wc", store, 1, 2);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            FeederSpout spout = new FeederSpout(new Fields("word"));
            assertThatThrownBy(() -> cluster.submitTopology("wc", conf(store, 1),
                    topology(spout, new Counter(), 3).createTopology()))
                    .isInstanceOf(InvalidTopologyException.class)
                    .hasMessageContaining("topology 'wc'")
                    .hasMessageContaining("component 'count' has parallelism 3 and its state was committed with 2")
                    .hasMessageContaining("set its parallelism back to 2");
            assertThat(cluster.getTopologySummaries()).isEmpty();
        }
        assertThat(restoredCounts("wc", store, 1, 2)).isEqualTo(eachOnce());
    }

    @Test
    void beforeAnythingIsCommittedTheParallelismMayChange() {
        String store = "uncommitted-" + UUID.randomUUID();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("wc", conf(store, 1), topology(new FeederSpout(new Fields("word")), new Counter(), 2)
                    .createTopology());
            cluster.waitForIdle();
        }
        countOnce("wc", store, 1, 3);
        assertThat(restoredCounts("wc", store, 1, 3)).isEqualTo(eachOnce());
    }

    @Test
    void aTaskWhoseCommittedStateIsMissingIsRefusedAtSubmit() {
        String store = "lost-" + UUID.randomUUID();
        countOnce("wc", store, 1, 2);
        SharedStoreProvider.drop(store, StateNamespaces.of("wc", "count", 1));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            assertThatThrownBy(() -> cluster.submitTopology("wc", conf(store, 1),
                    topology(new FeederSpout(new Fields("word")), new Counter(), 2).createTopology()))
                    .isInstanceOf(InvalidTopologyException.class)
                    .hasMessageContaining("component 'count' task index 1 has no committed state (namespace 'wc/count/1')");
        }
    }
}
