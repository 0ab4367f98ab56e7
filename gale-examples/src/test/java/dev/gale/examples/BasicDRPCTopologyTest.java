package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's BasicDRPCTopology as it is (only its imports changed), run through its main: it
 * submits a LinearDRPCTopologyBuilder topology for "exclamation" with StormSubmitter (to the
 * cluster this test opened) and calls it through DRPCClient.getConfiguredClient, which finds the
 * LocalDRPC this test opened, as Storm's local mode does.
 */
class BasicDRPCTopologyTest {

    @Test
    void printsTheExclaimedResultOfEachWordGivenOnTheCommandLine() throws Exception {
        try (StdOut out = new StdOut();
             LocalDRPC drpc = new LocalDRPC();
             LocalCluster cluster = new LocalCluster()) {
            BasicDRPCTopology.main(new String[] {"drpc-example", "exclamation", "hello", "gale"});

            assertThat(out.lines()).contains("Result for \"hello\": hello!", "Result for \"gale\": gale!");
            // The topology keeps serving the function.
            assertThat(drpc.execute("exclamation", "again")).isEqualTo("again!");
            assertThat(cluster.getTopologyStats("drpc-example").component("spout").orElseThrow().failed()).isZero();
        }
    }
}
