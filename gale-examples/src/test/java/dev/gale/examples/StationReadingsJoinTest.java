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
import org.junit.jupiter.api.Test;

/** {@link StationReadingsJoin}: each station's harbour paired with its reading; the orphan reading failed. */
class StationReadingsJoinTest {

    @Test
    void pairsEachHarbourWithItsReadingAndFailsTheReadingWithoutAStationAtTheTimeout() {
        FeederSpout stations = new FeederSpout(new Fields("station", "harbour"));
        FeederSpout readings = new FeederSpout(new Fields("station", "knots"));
        Collect joined = new Collect();
        TopologyBuilder builder = StationReadingsJoin.builder(stations, readings);
        builder.setBolt("collect", joined).shuffleGrouping("join");
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Config conf = new Config();
            conf.setMessageTimeoutSecs(20);
            cluster.submitTopology("join", conf, builder.createTopology());
            StationReadingsJoin.feed(stations, readings);
            cluster.waitForIdle();

            assertThat(joined.seen()).containsExactlyInAnyOrder(List.of("Northgate", 7), List.of("Saltmarsh", 14),
                    List.of("Kelp Point", 21), List.of("Brackwater", 28), List.of("Greyhaven", 35),
                    List.of("Fairlee", 42), List.of("Tarn Bay", 49), List.of("Ouseley", 6));
            assertThat(stations.getAcked()).hasSize(8);
            assertThat(readings.getAcked()).hasSize(8);
            assertThat(readings.getFailed()).isEmpty();

            // Station 9's reading waits for a partner that never comes, until the message timeout.
            clock.advance(Duration.ofSeconds(21));
            cluster.waitForIdle();
            assertThat(readings.getFailed()).singleElement()
                    .satisfies(id -> assertThat(readings.getAcked()).doesNotContain(id));
            assertThat(stations.getFailed()).isEmpty();
            assertThat(joined.seen()).hasSize(8);
        }
    }

    @Test
    void createTopologyComesWithItsInputQueued() {
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("join", new Config(), StationReadingsJoin.createTopology(new Config()));
            cluster.waitForIdle();
            // 9 readings and 8 station records reach the join; 8 pairs leave it.
            assertThat(cluster.getTopologyStats("join").component("join").orElseThrow().executed()).isEqualTo(17);
            assertThat(cluster.getTopologyStats("join").component("join").orElseThrow().emitted()).isEqualTo(8);
        }
    }
}
