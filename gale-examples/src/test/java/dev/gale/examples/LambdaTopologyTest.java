package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

class LambdaTopologyTest {

    @Test
    void theBoltLambdaPrefixesTheFirstPartAndTagsIt() {
        // The topology 'gale run lambda' runs, with known strings in place of the random UUIDs.
        CompletedTopology result = Testing.completeTopology(LambdaTopology.createTopology(), new MockedSources()
                .withMockData("spout1", new Values("1b4e28ba-2fa1-11d2"), new Values("6fa459ea-ee8a")));

        assertThat(result.emitted("bolt1")).containsExactlyInAnyOrder(
                List.of("Hello lambda:1b4e28ba:so cool!", 999),
                List.of("Hello lambda:6fa459ea:so cool!", 999));
        assertThat(result.emitted("bolt2")).isEmpty();
        assertThat(result.acked("spout1")).hasSize(2);
        assertThat(result.failed("spout1")).isEmpty();
    }
}
