package dev.gale.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.StormSubmitter;
import dev.gale.utils.NimbusClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When Gale's StormSubmitter goes to Storm (running under Storm) and when it stays embedded. */
class RemoteSubmitTest {

    @Test
    void withoutStormsEnvironmentTopologiesStayEmbedded() {
        assertThat(new StormClusterSubmitter().accepts(null)).isFalse();
        assertThat(new StormClusterSubmitter().accepts(Map.of("topology.workers", 2))).isFalse();
        assertThat(StormSubmitter.remote(Map.of())).isNull();
        assertThat(NimbusClient.isLocalOverride()).isTrue();
    }

    @Test
    void aNimbusSeedsConfigurationSendsTheTopologyToStorm() {
        assertThat(new StormClusterSubmitter().accepts(Map.of("nimbus.seeds", List.of("10.0.0.5")))).isTrue();
        assertThat(StormSubmitter.remote(Map.of("nimbus.seeds", List.of("10.0.0.5"))))
                .isInstanceOf(StormClusterSubmitter.class);
    }

    @Test
    void underStormJarEverySubmitGoesToStorm() {
        System.setProperty("storm.jar", "/tmp/some-topology.jar");
        try {
            assertThat(new StormClusterSubmitter().accepts(null)).isTrue();
            assertThat(NimbusClient.isLocalOverride()).isFalse();
        } finally {
            System.clearProperty("storm.jar");
        }
    }
}
