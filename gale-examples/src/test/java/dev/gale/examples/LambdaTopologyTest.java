package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.gale.Config;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LambdaTopology}: the bolt lambda's Beaufort forces and the lines the consumer lambda prints. */
class LambdaTopologyTest {

    @Test
    void eachSpeedGetsItsBeaufortForceAndIsPrinted() {
        CompletedTopology result;
        try (StdOut out = new StdOut()) {
            result = Testing.completeTopology(LambdaTopology.createTopology(new Config()), new MockedSources()
                    .withMockData("knots", new Values(0), new Values(3), new Values(4), new Values(33), new Values(34),
                            new Values(63), new Values(64), new Values(120)));
            assertThat(out.lines()).contains("0 knots: force 0, calm", "33 knots: force 7, near gale",
                    "34 knots: force 8, gale", "120 knots: force 12, hurricane");
        }
        assertThat(result.emitted("beaufort")).containsExactlyInAnyOrder(List.of(0, 0, "calm"),
                List.of(3, 1, "light air"), List.of(4, 2, "light breeze"), List.of(33, 7, "near gale"),
                List.of(34, 8, "gale"), List.of(63, 11, "violent storm"), List.of(64, 12, "hurricane"),
                List.of(120, 12, "hurricane"));
        assertThat(result.stats().component("print").orElseThrow().executed()).isEqualTo(8);
    }

    @Test
    void theScaleRefusesANegativeSpeed() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Beaufort().force(-1))
                .withMessageContaining("-1 knots");
    }
}
