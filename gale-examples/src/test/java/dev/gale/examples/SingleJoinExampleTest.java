package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SingleJoinExampleTest {

    @Test
    void joinsTheHundredIdsThatHaveBothAndFailsTheOrphanWithinTheTimeout() {
        FeederSpout gender = new FeederSpout(new Fields("id", "gender"));
        FeederSpout age = new FeederSpout(new Fields("id", "age"));
        Collect collect = new Collect();
        TopologyBuilder builder = SingleJoinExample.builder(gender, age);
        builder.setBolt("collect", collect).shuffleGrouping("join");
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("join-example", new Config(), builder.createTopology());
            SingleJoinExample.feed(gender, age);
            cluster.waitForIdle();

            List<List<Object>> expected = IntStream.range(0, 100)
                    .mapToObj(i -> List.<Object>of(i % 2 == 0 ? "male" : "female", i + 20)).toList();
            assertThat(collect.seen()).containsExactlyInAnyOrderElementsOf(expected);

            // Every joined part is acked once the joined tuple is (Collect acks it); id 100 has
            // only an age, which waits in the join.
            assertThat(gender.getAcked()).hasSize(100).doesNotHaveDuplicates();
            assertThat(age.getAcked()).hasSize(100).doesNotHaveDuplicates();
            assertThat(gender.getFailed()).isEmpty();
            assertThat(age.getFailed()).isEmpty();

            // The join holds a part at most the message timeout T (30 s) and gives up on it no
            // earlier than one tick (1 s) before: the orphan is failed to its spout in [T - 1 s, T].
            clock.advance(Duration.ofMillis(28_900));
            cluster.waitForIdle();
            assertThat(age.getFailed()).as("failed before T - 1 s").isEmpty();
            clock.advance(Duration.ofMillis(1_100));
            cluster.waitForIdle();
            assertThat(age.getFailed()).as("the orphaned age of id 100, by T").singleElement()
                    .satisfies(id -> assertThat(age.getAcked()).doesNotContain(id));
            assertThat(gender.getFailed()).isEmpty();
            assertThat(cluster.getTopologyStats("join-example").component("join").orElseThrow().failed())
                    .as("the join gave up on it, not only the spout's timeout").isEqualTo(1);
            assertThat(collect.seen()).hasSize(100);

            // Nothing is failed twice, e.g. when the spout's own timeout comes round.
            clock.advance(Duration.ofSeconds(60));
            cluster.waitForIdle();
            assertThat(age.getFailed()).hasSize(1);
            assertThat(age.getAcked()).hasSize(100);
        }
    }

    @Test
    void createTopologyComesWithItsInputFed() {
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("join-example", new Config(), SingleJoinExample.createTopology());
            cluster.waitForIdle();
            assertThat(cluster.getTopologyStats("join-example").component("join").orElseThrow().executed())
                    .isEqualTo(201);
        }
    }
}
