package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.flux.RunningWordCount;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.spout.CheckpointSpout;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Flux example {@code flux/stateful-wordcount.yaml}: words counted in a stateful bolt's
 * checkpointed {@code KeyValueState}, run on simulated time (TestWordSpout waits 100 ms between
 * words; the file checkpoints every second).
 */
class FluxStatefulWordCountTest {

    @Test
    void countsEveryWordInTheBoltsStateAcrossCheckpoints() throws Exception {
        TopologyDef def = FluxParser.parseResource("/flux/stateful-wordcount.yaml", null, null);
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(context.getBolt("count")).isInstanceOf(RunningWordCount.class);
        assertThat(conf).containsEntry(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 1000);

        EmitRecorder.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock)
                .withDaemonConf(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(EmitRecorder.class.getName())).build()) {
            cluster.submitTopology(def.getName(), conf, topology);
            for (int i = 0; i < 25; i++) {
                clock.advanceMillis(100);
            }
            cluster.waitForIdle();

            List<List<Object>> counts = EmitRecorder.of("count");
            assertThat(counts).hasSizeGreaterThanOrEqualTo(20);
            // Every occurrence adds one to its word's count: the state keeps them across checkpoints.
            Map<String, Long> last = new HashMap<>();
            for (List<Object> c : counts) {
                String word = (String) c.get(0);
                assertThat((Long) c.get(1)).as(word).isEqualTo(last.getOrDefault(word, 0L) + 1);
                last.put(word, (Long) c.get(1));
            }
            assertThat(last.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(counts.size());

            TopologyStats stats = cluster.getTopologyStats(def.getName());
            assertThat(stats.component(CheckpointSpout.CHECKPOINT_COMPONENT_ID).orElseThrow().acked())
                    .as("the first checkpoint initializes the state; then one prepare and one commit a second")
                    .isEqualTo(5);
            // The log bolt got every count, and the checkpoint tuples, which reach every bolt of a stateful topology.
            assertThat(stats.component("log").orElseThrow().executed()).isEqualTo(counts.size() + 5);
        }
    }
}
