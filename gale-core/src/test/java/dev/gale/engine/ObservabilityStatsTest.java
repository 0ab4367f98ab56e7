package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.StreamStats;
import dev.gale.stats.TopologyGraph;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What tools such as the web UI read beyond the counters: status, graph, timeouts, streams. */
class ObservabilityStatsTest {

    @Test
    void timedOutTreesAreCountedApartFromExplicitFails() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        // "bad" is failed explicitly; "slow" goes on, anchored, to a bolt that never acks, so its
        // tree times out.
        Bolts.Fn sink = new Bolts.Fn((in, c, ctx) -> {
            if (in.getString(0).equals("bad")) {
                c.fail(in);
            } else if (in.getString(0).equals("slow")) {
                c.emit(in, new Values("slow"));
            }
        }).stream("default", false, "word");
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink).shuffleGrouping("spout");
        b.setBolt("hold", new HoldingBolt(false, 0)).shuffleGrouping("sink");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("t", conf, b.createTopology());
            spout.feed(new Values("ok"), 1);
            spout.feed(new Values("bad"), 2);
            spout.feed(new Values("slow"), 3);
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(30));
            cluster.waitForIdle();

            ComponentStats s = cluster.getTopologyStats("t").component("spout").orElseThrow();
            assertThat(s.acked()).isEqualTo(1);
            assertThat(s.failed()).isEqualTo(2);
            assertThat(s.timedOut()).isEqualTo(1);
        }
    }

    @Test
    void countsEveryOutputStreamApart() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Fn split = new Bolts.Fn((in, c, ctx) -> {
            c.emit(in.getString(0).startsWith("a") ? "a" : "other", in, new Values(in.getString(0)));
        }).stream("a", false, "word").stream("other", false, "word");
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("split", split).shuffleGrouping("spout");
        b.setBolt("sinkA", new Bolts.Fn((in, c, ctx) -> { }), 2).allGrouping("split", "a");
        b.setBolt("sinkO", new Bolts.Fn((in, c, ctx) -> { })).fieldsGrouping("split", "other", new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("t", new Config(), b.createTopology());
            for (String w : new String[] {"apple", "avocado", "beer"}) {
                spout.feed(new Values(w));
            }
            cluster.waitForIdle();
            ComponentStats c = cluster.getTopologyStats("t").component("split").orElseThrow();
            assertThat(c.streams()).containsExactly(new StreamStats("a", 2, 4), new StreamStats("other", 1, 1));

            TopologyGraph g = cluster.getTopologyGraph("t");
            assertThat(g.components()).extracting(TopologyGraph.Node::componentId)
                    .containsExactlyInAnyOrder("spout", "split", "sinkA", "sinkO");
            assertThat(g.edges()).contains(new TopologyGraph.Edge("split", "a", "sinkA", "all"),
                    new TopologyGraph.Edge("split", "other", "sinkO", "fields[word]"),
                    new TopologyGraph.Edge("spout", "default", "split", "shuffle"));
        }
    }

    @Test
    void statusFollowsActivateAndDeactivate() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("t", new Config(), b.createTopology());
            assertThat(cluster.getTopologyStatus("t")).isEqualTo("ACTIVE");
            cluster.deactivate("t");
            assertThat(cluster.getTopologyStatus("t")).isEqualTo("INACTIVE");
            cluster.activate("t");
            assertThat(cluster.getTopologyStatus("t")).isEqualTo("ACTIVE");
            assertThat(cluster.getUiUrl()).isEmpty();
        }
    }

    @Test
    void withUiNamesTheMissingModule() {
        assertThatThrownBy(() -> new LocalCluster.Builder().withUi(0).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("gale-ui");
    }
}
