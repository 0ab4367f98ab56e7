package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnchoredWordCountTest {

    @Test
    void countsEveryWordAndAcksEverySentence() {
        // The topology 'gale run anchored-wordcount' runs, with two known sentences.
        CompletedTopology result = Testing.completeTopology(AnchoredWordCount.createTopology(), new MockedSources()
                .withMockData("spout", new Values("the cow jumped over the moon"), new Values("the moon")));

        assertThat(result.emitted("split")).hasSize(8).allSatisfy(t -> assertThat(t.get(1)).isEqualTo(1));
        assertThat(result.emitted("count")).containsExactlyInAnyOrder(
                List.of("the", 1), List.of("the", 2), List.of("the", 3), List.of("cow", 1), List.of("jumped", 1),
                List.of("over", 1), List.of("moon", 1), List.of("moon", 2));
        assertThat(result.acked("spout")).hasSize(2);
        assertThat(result.failed("spout")).isEmpty();
    }
}
