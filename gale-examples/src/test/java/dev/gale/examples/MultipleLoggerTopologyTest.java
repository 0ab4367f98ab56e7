package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

class MultipleLoggerTopologyTest {

    @Test
    void loggingBoltsExclaimLikeExclamationTopology() {
        // The topology 'gale run multiple-logger' runs, with known words in place of random ones.
        CompletedTopology result = Testing.completeTopology(MultipleLoggerTopology.createTopology(),
                new MockedSources().withMockData("word", new Values("nathan"), new Values("mike")));

        assertThat(result.emitted("exclaim1")).containsExactlyInAnyOrder(List.of("nathan!!!"), List.of("mike!!!"));
        assertThat(result.emitted("exclaim2")).containsExactlyInAnyOrder(
                List.of("nathan!!!!!!"), List.of("mike!!!!!!"));
        assertThat(result.acked("word")).hasSize(2);
        assertThat(result.failed("word")).isEmpty();
    }
}
