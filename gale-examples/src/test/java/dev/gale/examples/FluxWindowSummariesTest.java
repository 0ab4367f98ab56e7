package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.examples.flux.WindowSummary;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Flux example {@code flux/window-summaries.yaml}: its window (the last 6 words, every 3)
 * set through {@code withWindow} with component references, checked on known words.
 */
class FluxWindowSummariesTest {

    @Test
    void summarizesTheLastSixWordsEveryThreeWords() throws Exception {
        TopologyDef def = FluxParser.parseResource("/flux/window-summaries.yaml", null, null);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(context.getBolt("summarize")).isInstanceOf(WindowSummary.class);

        String[] words = {"ash", "oak", "ash", "elm", "elm", "elm", "oak", "oak", "oak", "oak", "yew"};
        MockedSources sources = new MockedSources();
        for (String w : words) {
            sources.addMockData("words", new Values(w));
        }
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(sources);
        param.setStormConf(context.getConfig());
        CompletedTopology result = Testing.completeTopology(topology, param);

        // After words 3, 6 and 9 (the last two wait for a twelfth), over at most the last six:
        // "ash oak ash", "ash oak ash elm elm elm", "elm elm elm oak oak oak" (a tie: the first name wins).
        assertThat(result.emitted("summarize")).containsExactly(
                List.of(3, 2, "ash", 2),
                List.of(6, 3, "elm", 3),
                List.of(6, 2, "elm", 3));
        assertThat(result.stats().component("log").orElseThrow().executed()).isEqualTo(3);
    }
}
