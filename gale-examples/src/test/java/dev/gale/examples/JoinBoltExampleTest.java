package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.time.SimulatedClock;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's JoinBoltExample as it is (only its imports changed), run through its main: it
 * submits with StormSubmitter (to the cluster this test opened, on simulated time) and feeds
 * genders of ids 0-9 and ages of ids 9-0; JoinBolt joins them on "id" over a 10 s tumbling window.
 */
class JoinBoltExampleTest {

    @Test
    void printsTheTenJoinedRecordsWhenTheWindowCloses() throws Exception {
        SimulatedClock clock = new SimulatedClock();
        try (Printed printed = new Printed();
             LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            JoinBoltExample.main(new String[0]);
            cluster.waitForIdle();
            assertThat(printed.tuples()).as("the window has not closed").isEmpty();

            clock.advanceMillis(10_000);
            List<List<String>> expected = IntStream.range(0, 10).mapToObj(i -> List.of(String.valueOf(i),
                    String.valueOf(i), i % 2 == 0 ? "male" : "female", String.valueOf(i + 20))).toList();
            assertThat(printed.tuples()).allSatisfy(l -> assertThat(l.component()).isEqualTo("joiner"))
                    .extracting(Printed.Line::values).containsExactlyInAnyOrderElementsOf(expected);

            // Each joined pair is acked once the next window has taken its tuples out.
            clock.advanceMillis(10_000);
            assertThat(cluster.getTopologyStats("join-example").component("genderSpout").orElseThrow().acked())
                    .isEqualTo(10);
            assertThat(cluster.getTopologyStats("join-example").component("ageSpout").orElseThrow().acked())
                    .isEqualTo(10);
        }
    }
}
