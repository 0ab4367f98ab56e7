package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.flux.FluxBuilder;
import dev.gale.flux.examples.TestPrintBolt;
import dev.gale.flux.examples.TestWindowBolt;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.TestWordSpout;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Storm's flux-examples {@code simple_windowing.yaml}, shipped unchanged as the resource
 * {@code flux/simple_windowing.yaml}, with flux-examples' TestWindowBolt and TestPrintBolt (only
 * their imports changed): a count window of 5 tuples sliding every 3 over the words, each window's
 * size printed. Built by Gale's Flux and run to completion with known words.
 */
class FluxSimpleWindowingTest {

    @Test
    void theStormYamlBuildsAndEmitsTheSizeOfEverySlidingCountWindow() throws Exception {
        TopologyDef def = FluxParser.parseResource("/flux/simple_windowing.yaml", false, true, null, false);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(def.getName()).isEqualTo("sliding-window-topology");
        assertThat(context.getSpout("spout-1")).isInstanceOf(TestWordSpout.class);
        assertThat(context.getBolt("bolt-1")).isInstanceOf(TestWindowBolt.class);
        assertThat(context.getBolt("bolt-2")).isInstanceOf(TestPrintBolt.class);

        List<Values> words = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            words.add(new Values(i % 2 == 0 ? "nathan" : "mike"));
        }
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(new MockedSources().withMockData("spout-1", words.toArray(new Values[0])));
        param.setStormConf(FluxBuilder.buildConfig(def));
        CompletedTopology result;
        try (Printed printed = new Printed()) {
            result = Testing.completeTopology(topology, param);
            // TestPrintBolt prints each window size it receives.
            assertThat(printed.tuples()).extracting(Printed.Line::component).containsOnly("bolt-1");
            assertThat(printed.tuples()).extracting(l -> l.values().get(0)).containsExactly("3", "5", "5");
        }
        // A window every 3 words: the first holds 3, then the last 5; the 11th word waits for the 12th.
        assertThat(result.emitted("bolt-1")).containsExactly(List.of(3), List.of(5), List.of(5));
        assertThat(result.stats().component("bolt-2").orElseThrow().executed()).isEqualTo(3);
    }
}
