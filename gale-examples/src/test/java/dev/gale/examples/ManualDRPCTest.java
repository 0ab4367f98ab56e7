package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's ManualDRPC as it is (only its imports changed), run through its main: a DRPCSpout,
 * a bolt and ReturnResults wired by hand; its main calls "exclamation" twice through
 * DRPCClient.getConfiguredClient and prints the results.
 */
class ManualDRPCTest {

    @Test
    void printsBothResults() throws Exception {
        try (StdOut out = new StdOut();
             LocalDRPC drpc = new LocalDRPC();
             LocalCluster cluster = new LocalCluster()) {
            ManualDRPC.main(new String[0]);

            assertThat(out.lines()).containsSubsequence("aaa!!!", "bbb!!!");
            assertThat(drpc.execute("exclamation", "ccc")).isEqualTo("ccc!!!");
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(
                    cluster.getTopologyStats("exclaim").component("return").orElseThrow().acked()).isEqualTo(3));
        }
    }
}
