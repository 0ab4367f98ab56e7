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

/**
 * storm-starter's ResourceAwareExampleTopology as it is (only its imports changed), run through
 * its main: its CPU, memory and shared memory requests compile, are recorded in the topology
 * (Gale schedules nothing) and add up in the Nimbus view's summary; the exclamations flow.
 */
class ResourceAwareExampleTopologyTest {

    @BeforeEach
    void clear() {
        EmitLog.clear();
    }

    @Test
    void runsAndRecordsItsResourceRequests() throws Exception {
        try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(EmitLog.daemonConf()).build()) {
            ResourceAwareExampleTopology.main(new String[] {"ras-example"});
            await().atMost(Duration.ofSeconds(30)).until(() -> EmitLog.of("exclaim2").size() >= 20);
            assertThat(EmitLog.of("exclaim2")).allSatisfy(v -> assertThat((String) v.get(0)).endsWith("!!!!!!"));

            StormTopology topology = cluster.getTopology("ras-example");
            Map<String, SharedMemory> shared = topology.get_shared_memory();
            assertThat(shared).containsOnlyKeys("exclaim-cache", "not-implemented-node-level-cache");
            assertThat(shared.get("exclaim-cache").get_on_heap()).isEqualTo(100.0);
            assertThat(shared.get("not-implemented-node-level-cache").get_off_heap_node()).isEqualTo(500.0);
            assertThat(topology.get_component_to_shared_memory()).isEqualTo(Map.of(
                    "exclaim1", Set.of("exclaim-cache"),
                    "exclaim2", Set.of("exclaim-cache", "not-implemented-node-level-cache")));
            Map<?, ?> spoutConf = (Map<?, ?>) Json.parse(topology.get_spouts().get("word").get_common().get_json_conf());
            assertThat(spoutConf.get(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT)).isEqualTo(20L);
            assertThat(spoutConf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB)).isEqualTo(64.0);
            assertThat(spoutConf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB)).isEqualTo(16.0);

            // 10 spout executors at 64 MB + 16 MB off heap and 20% of a core, exclaim1's 3 at Storm's
            // defaults (128 MB, 10%), exclaim2's 2 at 100 MB; each shared region once.
            TopologySummary summary = cluster.getNimbus().getTopologySummaryByName("ras-example");
            assertThat(summary.get_requested_memonheap()).isCloseTo(10 * 64 + 3 * 128 + 2 * 100 + 100, within(1e-9));
            assertThat(summary.get_requested_memoffheap()).isCloseTo(10 * 16 + 500, within(1e-9));
            assertThat(summary.get_requested_cpu()).isCloseTo(10 * 20 + 3 * 10 + 2 * 10, within(1e-9));
            int ackers = cluster.getTopologyStats("ras-example").component("__acker").map(c -> c.tasks().size()).orElse(0);
            assertThat(summary.get_num_executors()).isEqualTo(10 + 3 + 2 + ackers);
            assertThat(List.of(summary.get_status())).containsExactly("ACTIVE");
        }
    }
}
