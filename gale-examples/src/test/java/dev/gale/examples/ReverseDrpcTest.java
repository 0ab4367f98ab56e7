package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ReverseDrpc}: the answers its main prints, and the function it leaves serving. */
class ReverseDrpcTest {

    @Test
    void mainPrintsEachArgumentReversedAndTheFunctionKeepsServing() throws Exception {
        try (StdOut out = new StdOut();
             LocalDRPC drpc = new LocalDRPC();
             LocalCluster cluster = new LocalCluster()) {
            ReverseDrpc.main(new String[] {"gale", "harbour lights"});

            assertThat(out.lines()).contains("reverse(gale) = elag", "reverse(harbour lights) = sthgil ruobrah");
            // Calls at once each get their own answer.
            List<String> words = List.of("squall", "tide", "", "a");
            assertThat(words.parallelStream().map(w -> drpc.execute("reverse", w)).toList())
                    .containsExactly("llauqs", "edit", "", "a");
            assertThat(cluster.getTopologyStats("reverse-drpc").component("spout").orElseThrow().failed()).isZero();
        }
    }
}
