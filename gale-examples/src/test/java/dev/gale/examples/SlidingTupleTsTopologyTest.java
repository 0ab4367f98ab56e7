package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's SlidingTupleTsTopology as it is (only its imports changed), run through its main
 * on a real-time cluster: its spout stamps each integer with the wall clock (less a day), so event
 * time only moves as real time passes. Windows of 5 s every 3 s with a lag of 5 s: the first sum
 * is printed once the watermark (latest timestamp - 5 s) passes the first window's end, 5 to 9 s
 * after the start.
 */
class SlidingTupleTsTopologyTest {

    @Test
    void printsSlidingSumsByEventTime() throws Exception {
        try (Printed printed = new Printed(); LocalCluster cluster = new LocalCluster()) {
            SlidingTupleTsTopology.main(new String[] {"sliding-ts"});
            await().atMost(Duration.ofSeconds(60)).until(() -> !printed.tuples().isEmpty());
            assertThat(printed.tuples()).allSatisfy(line -> {
                assertThat(line.component()).isEqualTo("slidingsum");
                // A 5 s window of integers below 1000, one every 100 ms (a few more if they bunch up).
                assertThat(line.values()).singleElement()
                        .satisfies(v -> assertThat(Integer.parseInt(v)).isBetween(0, 100 * 999));
            });
            assertThat(cluster.getTopologyStats("sliding-ts").component("integer").orElseThrow().failed()).isZero();
        }
    }
}
