package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.generated.StormTopology;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.utils.NimbusClient;
import org.junit.jupiter.api.Test;

/**
 * StormSubmitter submits to the last LocalCluster built that is still open, as Storm's local mode
 * does, so a Storm main runs on a test's (or {@code gale run}'s) cluster; with none open, to the
 * process-wide one.
 */
class StormSubmitterTest {

    private static StormTopology topology() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("x")));
        return b.createTopology();
    }

    @Test
    void submitsToTheLastOpenClusterThenToTheOneBefore() {
        try (LocalCluster outer = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            try (LocalCluster inner = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
                StormSubmitter.submitTopology("to-inner", new Config(), topology());
                assertThat(inner.getTopologyNames()).containsExactly("to-inner");
                assertThat(outer.getTopologyNames()).isEmpty();
                StormSubmitter.killTopology("to-inner");
                assertThat(inner.getTopologyNames()).isEmpty();
            }
            StormSubmitter.submitTopology("to-outer", new Config(), topology());
            assertThat(outer.getTopologyNames()).containsExactly("to-outer");
        }
    }

    @Test
    void everySubmitIsLocal() {
        assertThat(NimbusClient.isLocalOverride()).isTrue();
    }
}
