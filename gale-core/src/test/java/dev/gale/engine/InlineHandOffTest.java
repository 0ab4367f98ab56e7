package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Executors on one thread hand tuples over inline, without the queue; what the queue guaranteed
 * must still hold: order from one executor to another, acking, no unbounded recursion.
 */
class InlineHandOffTest {

    private static TopologyBuilder chain(FeederSpout spout, Bolts.Sink sink, int length) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        String previous = "spout";
        for (int i = 0; i < length; i++) {
            b.setBolt("b" + i, new Bolts.Forward("word")).shuffleGrouping(previous);
            previous = "b" + i;
        }
        b.setBolt("sink", sink).shuffleGrouping(previous);
        return b;
    }

    @Test
    void aLongChainOnOneThreadKeepsOrderAndAcksEverything() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 1); // every hand-off may go inline
        conf.put(Config.GALE_SCHEDULER_INLINE, true);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("inline-chain", conf, chain(spout, sink, 40).createTopology());
            for (int i = 0; i < 2_000; i++) {
                spout.feed(new Values(i), i);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> spout.getAcked().size() == 2_000);
            // 40 hops deep, deeper than an inline hand-off may nest: some hops were queued.
            List<Object> seen = sink.record.seen().stream().map(s -> s.values().get(0)).toList();
            assertThat(seen).as("one spout, one path: order kept").containsExactlyElementsOf(
                    IntStream.range(0, 2_000).boxed().map(Object.class::cast).toList());
        }
    }

    @Test
    void onTheStepSchedulerTheSameChainIsExactAndOrdered() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            Config conf = new Config();
            conf.put(Config.GALE_SCHEDULER_INLINE, true);
            cluster.submitTopology("inline-stepped", conf, chain(spout, sink, 40).createTopology());
            for (int i = 0; i < 500; i++) {
                spout.feed(new Values(i), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(500);
            assertThat(sink.record.seen().stream().map(s -> s.values().get(0)).toList())
                    .containsExactlyElementsOf(IntStream.range(0, 500).boxed().map(Object.class::cast).toList());
        }
    }

    @Test
    void aCycleInTheGraphFallsBackToTheQueueInsteadOfRecursing() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        // a -> b -> a: a tuple that goes around reaches an executor that is still running.
        b.setBolt("a", new Bolts.Forward("word")).shuffleGrouping("spout").shuffleGrouping("b");
        b.setBolt("b", new Bolts.Forward("word")).shuffleGrouping("a");
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 1);
        conf.put(Config.GALE_SCHEDULER_INLINE, true);
        conf.setMessageTimeoutSecs(1);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("inline-cycle", conf, b.createTopology());
            spout.feed(new Values("round"), 1);
            // The tuple circles forever (never acked); what matters is that it keeps moving, one
            // queued hop per lap, without a StackOverflowError, until the timeout fails the tree.
            await().atMost(Duration.ofSeconds(30)).until(() -> spout.getFailed().contains(1));
            assertThat(cluster.getTopologyStats("inline-cycle").fatal()).isEmpty();
        }
    }
}
