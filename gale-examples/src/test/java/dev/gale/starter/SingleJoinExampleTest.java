package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SingleJoinExampleTest {

    @Test
    void joinsGenderAndAgeOfTheHundredIdsThatHaveBoth() {
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

            // Id 100 has only an age: it expires after the message timeout, and nothing more is emitted.
            clock.advance(java.time.Duration.ofSeconds(61));
            cluster.waitForIdle();
            assertThat(collect.seen()).hasSize(100);
            assertThat(cluster.getTopologyStats("join-example").component("join").orElseThrow().executed())
                    .isGreaterThanOrEqualTo(201);
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
