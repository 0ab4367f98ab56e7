package dev.gale.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.tuple.Fields;
import dev.gale.utils.Json;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Storm's resource-aware settings: recorded in the components' configuration and the topology, as Storm records them. */
class ResourceDeclarationTest {

    private static Map<?, ?> conf(StormTopology t, String bolt) {
        return (Map<?, ?>) Json.parse(t.get_bolts().get(bolt).get_common().get_json_conf());
    }

    @Test
    void memoryCpuAndGenericResourcesAreRecordedUnderStormsKeys() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout()).setCPULoad(20).setMemoryLoad(64, 16);
        BoltDeclarer count = builder.setBolt("count", new TestWordCounter(), 2).fieldsGrouping("words", new Fields("word"))
                .addResource("gpu.count", 1).addResources(Map.of("fpga.count", 2.0)).setMemoryLoad(100);
        assertThat(count.getComponentConfiguration()).containsEntry(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, 100.0);
        StormTopology t = builder.createTopology();

        Map<?, ?> conf = conf(t, "count");
        assertThat(conf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB)).isEqualTo(100.0);
        assertThat(conf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_MAP)).isEqualTo(
                Map.of("gpu.count", 1.0, "fpga.count", 2.0, Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, 100.0));
        Map<?, ?> spout = (Map<?, ?>) Json.parse(t.get_spouts().get("words").get_common().get_json_conf());
        assertThat(spout.get(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT)).isEqualTo(20L);
        assertThat(spout.get(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB)).isEqualTo(16.0);
    }

    @Test
    void sharedMemoryIsRecordedOncePerNameWithTheComponentsUsingIt() {
        SharedOnHeap cache = new SharedOnHeap(100, "cache");
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout()).addSharedMemory(new SharedOffHeapWithinWorker(5, "buffers"));
        builder.setBolt("a", new TestWordCounter()).shuffleGrouping("words").addSharedMemory(cache);
        builder.setBolt("b", new TestWordCounter()).shuffleGrouping("words").addSharedMemory(cache)
                .addSharedMemory(new SharedOffHeapWithinNode(500, "node"));
        StormTopology t = builder.createTopology();

        assertThat(t.get_shared_memory()).containsOnlyKeys("cache", "buffers", "node");
        assertThat(t.get_shared_memory().get("cache").get_on_heap()).isEqualTo(100.0);
        assertThat(t.get_shared_memory().get("buffers").get_off_heap_worker()).isEqualTo(5.0);
        assertThat(t.get_shared_memory().get("node").is_set_on_heap()).isFalse();
        assertThat(t.get_component_to_shared_memory()).isEqualTo(
                Map.of("words", Set.of("buffers"), "a", Set.of("cache"), "b", Set.of("cache", "node")));
        assertThat(new SharedOnHeap(1, null).get_name()).isNotBlank();
    }

    @Test
    void twoDifferentRegionsOfOneNameAreRefusedNamingThem() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout()).addSharedMemory(new SharedOnHeap(100, "cache"));
        assertThatThrownBy(() -> builder.setBolt("a", new TestWordCounter()).addSharedMemory(new SharedOnHeap(200, "cache")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bolt 'a': cannot have two different shared memory regions named 'cache'");
    }
}
