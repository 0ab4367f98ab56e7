package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.examples.StatefulWordCounter;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.flux.wrappers.bolts.LogInfoBolt;
import dev.gale.generated.StormTopology;
import dev.gale.spout.CheckpointSpout;
import dev.gale.stats.TopologyStats;
import dev.gale.testing.TestWordSpout;
import dev.gale.time.SimulatedClock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Storm's flux-examples {@code simple_stateful_wordcount.yaml}, shipped unchanged as the resource
 * {@code flux/simple_stateful_wordcount.yaml}, with flux-examples' StatefulWordCounter (only its
 * imports changed): TestWordSpout's words counted in a stateful bolt's checkpointed
 * {@code KeyValueState}. Built by Gale's Flux and run on simulated time: the spout sleeps 100 ms
 * between words, and a checkpoint every second commits the counts.
 */
class FluxSimpleStatefulWordcountTest {

    @Test
    void theStormYamlBuildsAndCountsEveryWordInTheBoltsStateAcrossCheckpoints() throws Exception {
        TopologyDef def = FluxParser.parseResource("/flux/simple_stateful_wordcount.yaml", false, true, null, false);
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(def.getName()).isEqualTo("stateful-wordcount-topology");
        assertThat(context.getSpout("spout-1")).isInstanceOf(TestWordSpout.class);
        assertThat(context.getBolt("bolt-1")).isInstanceOf(StatefulWordCounter.class);
        assertThat(context.getBolt("bolt-2")).isInstanceOf(LogInfoBolt.class);

        EmitRecorder.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock)
                .withDaemonConf(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(EmitRecorder.class.getName())).build()) {
            cluster.submitTopology(def.getName(), conf, topology);
            for (int i = 0; i < 25; i++) {
                clock.advanceMillis(100);
            }
            cluster.waitForIdle();

            List<List<Object>> counts = EmitRecorder.of("bolt-1");
            assertThat(counts).hasSizeGreaterThanOrEqualTo(20);
            // Each word's count goes up by one with every occurrence: the state holds them all.
            Map<String, Long> last = new HashMap<>();
            for (List<Object> c : counts) {
                String word = (String) c.get(0);
                assertThat((Long) c.get(1)).as(word).isEqualTo(last.getOrDefault(word, 0L) + 1);
                last.put(word, (Long) c.get(1));
            }
            assertThat(last.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(counts.size());

            TopologyStats stats = cluster.getTopologyStats(def.getName());
            // TestWordSpout emits without message ids, so nothing reaches it; the checkpoints do run.
            assertThat(stats.component(CheckpointSpout.CHECKPOINT_COMPONENT_ID).orElseThrow().acked())
                    .as("init, then prepare and commit at 1 s and 2 s").isEqualTo(5);
            assertThat(stats.component("spout-1").orElseThrow().failed()).isZero();
            // The logger got every count, and the five checkpoint tuples, which reach every bolt of a
            // topology with state (as Storm's TopologyBuilder wires them).
            assertThat(stats.component("bolt-2").orElseThrow().executed()).isEqualTo(counts.size() + 5);
        }
    }
}
