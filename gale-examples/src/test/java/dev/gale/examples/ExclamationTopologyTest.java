package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.examples.ExclamationTopology.ExclaimBolt;
import dev.gale.testing.BoltTester;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ExclamationTopology}: each bolt of the chain adds one mark, anchored. */
class ExclamationTopologyTest {

    @Test
    void everyWordLeavesTheChainWithTwoMarksAndIsAcked() {
        CompletedTopology result = Testing.completeTopology(ExclamationTopology.createTopology(new Config()),
                new MockedSources().withMockData("words", new Values("gust"), new Values("calm"), new Values("gust")));

        assertThat(result.emitted("exclaim")).containsExactlyInAnyOrder(List.of("gust!"), List.of("calm!"), List.of("gust!"));
        assertThat(result.emitted("exclaim-more"))
                .containsExactlyInAnyOrder(List.of("gust!!"), List.of("calm!!"), List.of("gust!!"));
        assertThat(result.acked("words")).hasSize(3);
        assertThat(result.failed("words")).isEmpty();
    }

    @Test
    void theBoltAnchorsItsOutputToTheInputThenAcksIt() {
        try (BoltTester bolt = BoltTester.of(new ExclaimBolt()).withSource("words", new Fields("word")).prepare()) {
            Tuple in = bolt.execute("words", new Values("squall"));
            assertThat(bolt.emitted()).singleElement().satisfies(e -> {
                assertThat(e.values()).containsExactly("squall!");
                assertThat(e.anchors()).containsExactly(in);
            });
            assertThat(bolt.acked()).containsExactly(in);
        }
    }
}
