package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link StationsWarnedDrpc}: distinct stations per front, through the batch steps. */
class StationsWarnedDrpcTest {

    @Test
    void mainPrintsTheDistinctStationsOfEachFrontAndConcurrentCallsGetTheirOwnAnswers() throws Exception {
        try (StdOut out = new StdOut();
             LocalDRPC drpc = new LocalDRPC();
             LocalCluster cluster = new LocalCluster()) {
            StationsWarnedDrpc.main(new String[0]);

            // atlantic-low: 10 listings, Kelp Point and Fairlee twice; polar-front: Greyhaven twice.
            assertThat(out.lines()).contains("stations-warned(atlantic-low) = 8", "stations-warned(polar-front) = 4",
                    "stations-warned(channel-squall) = 4", "stations-warned(no-such-front) = 0");
            List<String> fronts = List.of("polar-front", "atlantic-low", "channel-squall", "atlantic-low");
            assertThat(fronts.parallelStream().map(f -> drpc.execute("stations-warned", f)).toList())
                    .containsExactly("4", "8", "4", "8");
            assertThat(cluster.getTopologyStats("stations-warned-drpc").component("spout").orElseThrow().failed())
                    .isZero();
        }
    }
}
