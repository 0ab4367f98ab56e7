package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.SharedMemory;
import dev.gale.generated.StormTopology;
import dev.gale.generated.TopologySummary;
import dev.gale.utils.Json;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ResourceRequestsTopology}: its requests as recorded and summed up, and its words flowing. */
class ResourceRequestsTopologyTest {

    @BeforeEach
    void clear() {
        EmitLog.clear();
    }

    @Test
    void recordsEachRequestAndTheSummaryAddsThemUp() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(EmitLog.daemonConf()).build()) {
            ResourceRequestsTopology.main(new String[] {"ras"});
            await().atMost(Duration.ofSeconds(30)).until(() -> EmitLog.of("length").size() >= 10);
            assertThat(EmitLog.of("length")).allSatisfy(v -> {
                assertThat((String) v.get(0)).isUpperCase();
                assertThat(v.get(1)).isEqualTo(((String) v.get(0)).length());
            });

            StormTopology topology = cluster.getTopology("ras");
            Map<String, SharedMemory> shared = topology.get_shared_memory();
            assertThat(shared).containsOnlyKeys("word-cache", "length-table");
            assertThat(shared.get("word-cache").get_on_heap()).isEqualTo(32.0);
            assertThat(shared.get("length-table").get_off_heap_node()).isEqualTo(200.0);
            assertThat(topology.get_component_to_shared_memory()).isEqualTo(Map.of(
                    "upper", Set.of("word-cache"), "length", Set.of("word-cache", "length-table")));
            Map<?, ?> words = (Map<?, ?>) Json.parse(topology.get_spouts().get("words").get_common().get_json_conf());
            assertThat(words.get(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT)).isEqualTo(15L);
            assertThat(words.get(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB)).isEqualTo(48.0);
            assertThat(words.get(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB)).isEqualTo(8.0);

            // words: 2 executors at 48 MB + 8 MB off heap and 15% of a core; upper: 3 at the defaults
            // (128 MB, 10%); length: 2 at 96 MB and 25%; each shared region counted once.
            TopologySummary summary = cluster.getNimbus().getTopologySummaryByName("ras");
            assertThat(summary.get_requested_memonheap()).isCloseTo(2 * 48 + 3 * 128 + 2 * 96 + 32, within(1e-9));
            assertThat(summary.get_requested_memoffheap()).isCloseTo(2 * 8 + 200, within(1e-9));
            assertThat(summary.get_requested_cpu()).isCloseTo(2 * 15 + 3 * 10 + 2 * 25, within(1e-9));
            assertThat(List.of(summary.get_status())).containsExactly("ACTIVE");
        }
    }

    @Test
    void asksForAWorkerHeapAndAPriority() {
        Config conf = new Config();
        ResourceRequestsTopology.createTopology(conf);
        assertThat(conf).containsEntry(Config.TOPOLOGY_WORKER_MAX_HEAP_SIZE_MB, 512.0)
                .containsEntry(Config.TOPOLOGY_PRIORITY, 10);
    }
}
