package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.flux.wrappers.bolts.LogInfoBolt;
import dev.gale.generated.StormTopology;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Storm's flux-examples {@code simple_wordcount.yaml}, shipped unchanged as the resource
 * {@code flux/simple_wordcount.yaml}: built by Gale's Flux and run to completion with known
 * words in place of the spout's random ones.
 */
class FluxSimpleWordcountTest {

    @Test
    void theStormYamlBuildsAndCountsEveryWordPerWord() throws Exception {
        TopologyDef def = FluxParser.parseResource("/flux/simple_wordcount.yaml", false, true, null, false);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(def.getName()).isEqualTo("yaml-topology");
        assertThat(context.getSpout("spout-1")).isInstanceOf(TestWordSpout.class);
        assertThat(context.getBolt("bolt-1")).isInstanceOf(TestWordCounter.class);
        assertThat(context.getBolt("bolt-2")).isInstanceOf(LogInfoBolt.class);

        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(new MockedSources().withMockData("spout-1", new Values("nathan"), new Values("mike"),
                new Values("nathan"), new Values("golda"), new Values("nathan")));
        param.setStormConf(FluxBuilder.buildConfig(def));
        CompletedTopology result = Testing.completeTopology(topology, param);

        assertThat(result.emitted("bolt-1")).containsExactlyInAnyOrder(
                List.of("nathan", 1), List.of("mike", 1), List.of("nathan", 2), List.of("golda", 1), List.of("nathan", 3));
        assertThat(result.emitted("bolt-1").stream().filter(v -> v.get(0).equals("nathan")).map(v -> v.get(1)))
                .as("a fields grouping on word: one task counts every nathan, in order").containsExactly(1, 2, 3);
        assertThat(result.stats().component("bolt-2").orElseThrow().executed()).as("the log bolt saw every count")
                .isEqualTo(5);
        assertThat(result.emitted("bolt-2")).isEmpty();
    }
}
