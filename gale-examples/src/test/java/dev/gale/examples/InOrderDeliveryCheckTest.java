package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.TaskStats;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link InOrderDeliveryCheck}: the check fails exactly the numbers out of order, and a live run has none. */
class InOrderDeliveryCheckTest {

    @Test
    void theCheckFailsOnlyANumberThatDoesNotFollowTheLastFromItsSource() {
        CompletedTopology result = Testing.completeTopology(InOrderDeliveryCheck.createTopology(new Config()),
                new MockedSources().withMockData("sequence", new Values(0, 0L), new Values(1, 0L), new Values(0, 1L),
                        new Values(1, 2L), new Values(0, 2L), new Values(1, 1L)));

        // Mocked tuples get ids 0, 1, ... in the order given: source 1 skipped 1 (id 3), so its 1
        // (id 5) then came after 0 as expected.
        assertThat(result.failed("sequence")).containsExactly(3);
        assertThat(result.acked("sequence")).containsExactlyInAnyOrder(0, 1, 2, 4, 5);
    }

    @Test
    void onTheEngineEverySequenceArrivesInOrder() {
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("in-order", new Config(), InOrderDeliveryCheck.createTopology(new Config()));
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getTopologyStats("in-order")
                    .component("sequence").orElseThrow().tasks().stream().allMatch(t -> t.acked() >= 2_000));
            cluster.deactivate("in-order");
            cluster.waitForIdle();

            ComponentStats sequence = cluster.getTopologyStats("in-order").component("sequence").orElseThrow();
            ComponentStats check = cluster.getTopologyStats("in-order").component("check").orElseThrow();
            assertThat(sequence.tasks()).hasSize(4);
            assertThat(check.failed()).isZero();
            assertThat(check.executed()).isEqualTo(sequence.emitted());
            assertThat(sequence.acked()).isEqualTo(sequence.emitted());
            assertThat(check.lastErrors()).isEmpty();
            // The fields grouping: 4 sources over 3 check tasks, each source's numbers all at one task.
            assertThat(check.tasks().stream().mapToLong(TaskStats::executed).filter(n -> n > 0).count())
                    .isBetween(1L, 3L);
        }
    }
}
