package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link ManualDrpcTopology}: the answers of the hand-wired function, each call's tree acked. */
class ManualDrpcTopologyTest {

    @Test
    void mainPrintsTheLetterCountOfEachArgumentAndEachCallIsAcked() throws Exception {
        try (StdOut out = new StdOut();
             LocalDRPC drpc = new LocalDRPC();
             LocalCluster cluster = new LocalCluster()) {
            ManualDrpcTopology.main(new String[] {"Kelp Point", "gale force 9!"});

            assertThat(out.lines()).containsSubsequence("letters(Kelp Point) = 9", "letters(gale force 9!) = 9");
            assertThat(drpc.execute("letters", "")).isEqualTo("0");
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(
                    cluster.getTopologyStats("letters-drpc").component("calls").orElseThrow().acked()).isEqualTo(3));
        }
    }
}
