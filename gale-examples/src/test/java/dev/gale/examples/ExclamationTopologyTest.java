package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.examples.ExclamationTopology.ExclamationBolt;
import dev.gale.testing.BoltTester;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExclamationTopologyTest {

    @Test
    void everyWordLeavesExclaim2WithSixExclamationMarks() {
        // The topology 'gale run exclamation' runs, with the random words replaced by known ones.
        CompletedTopology result = Testing.completeTopology(ExclamationTopology.createTopology(), new MockedSources()
                .withMockData("word", new Values("nathan"), new Values("bertels"), new Values("nathan")));

        assertThat(result.emitted("exclaim1")).containsExactlyInAnyOrder(
                List.of("nathan!!!"), List.of("bertels!!!"), List.of("nathan!!!"));
        assertThat(result.emitted("exclaim2")).containsExactlyInAnyOrder(
                List.of("nathan!!!!!!"), List.of("bertels!!!!!!"), List.of("nathan!!!!!!"));
        assertThat(result.acked("word")).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(result.failed("word")).isEmpty();
        assertThat(result.stats().component("exclaim1").orElseThrow().tasks()).hasSize(3);
        assertThat(result.stats().component("exclaim2").orElseThrow().tasks()).hasSize(2);
    }

    @Test
    void theBoltAnchorsItsEmitToTheInputThenAcksIt() {
        try (BoltTester bolt = BoltTester.of(new ExclamationBolt()).withSource("word", new Fields("word")).prepare()) {
            Tuple in = bolt.execute("word", new Values("golda"));
            assertThat(bolt.emitted()).singleElement().satisfies(e -> {
                assertThat(e.values()).containsExactly("golda!!!");
                assertThat(e.anchors()).containsExactly(in);
            });
            assertThat(bolt.acked()).containsExactly(in);
        }
    }
}
