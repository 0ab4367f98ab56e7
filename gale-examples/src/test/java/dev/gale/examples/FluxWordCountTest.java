package dev.gale.examples;

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

/** The Flux example {@code flux/wordcount.yaml}: built from the classpath and run to completion on known words. */
class FluxWordCountTest {

    @Test
    void countsEachWordOnOneCounterAndLogsEveryCount() throws Exception {
        TopologyDef def = FluxParser.parseResource("/flux/wordcount.yaml", null, null);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(def.getName()).isEqualTo("flux-wordcount");
        assertThat(context.getSpout("words")).isInstanceOf(TestWordSpout.class);
        assertThat(context.getBolt("count")).isInstanceOf(TestWordCounter.class);
        assertThat(context.getBolt("log")).isInstanceOf(LogInfoBolt.class);
        assertThat(topology.get_bolts().get("count").get_common().get_parallelism_hint()).isEqualTo(2);

        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(new MockedSources().withMockData("words", new Values("river"), new Values("river"),
                new Values("stone"), new Values("moss"), new Values("river"), new Values("stone")));
        param.setStormConf(context.getConfig());
        CompletedTopology result = Testing.completeTopology(topology, param);

        assertThat(result.emitted("count")).containsExactlyInAnyOrder(List.of("river", 1), List.of("stone", 1),
                List.of("river", 2), List.of("moss", 1), List.of("river", 3), List.of("stone", 2));
        assertThat(result.emitted("count").stream().filter(t -> t.get(0).equals("river")).map(t -> t.get(1)))
                .as("the fields grouping gives one counter every 'river', in order").containsExactly(1, 2, 3);
        assertThat(result.stats().component("log").orElseThrow().executed()).isEqualTo(6);
    }
}
