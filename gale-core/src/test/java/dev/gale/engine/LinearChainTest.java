package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LinearChainTest {

    @Test
    void everyTreeOfALinearChainIsAcked() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("forward", new Bolts.Forward("word"), 2).shuffleGrouping("spout");
        b.setBolt("sink", sink, 3).shuffleGrouping("forward");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("chain", new Config(), b.createTopology());
            for (int i = 0; i < 1000; i++) {
                spout.feed(new Values("w" + i), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(1000).containsExactlyInAnyOrderElementsOf(
                    IntStream.range(0, 1000).boxed().toList());
            assertThat(spout.getFailed()).isEmpty();
            assertThat(sink.record.seen()).hasSize(1000);
        }
    }
}
