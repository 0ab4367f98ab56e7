package dev.gale.benchmarks.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostProbeTest {
    @Test
    void theMedianOfTheSamplesSinceAMarkInMicroseconds() {
        HostProbe probe = HostProbe.unstarted();
        probe.add(900_000); // before the run: not its figure
        int mark = probe.mark();
        assertThat(probe.medianMicrosSince(mark)).isNaN();
        probe.add(200_000);
        probe.add(400_000);
        probe.add(300_000);
        assertThat(probe.medianMicrosSince(mark)).isCloseTo(300.0, within(1e-9));
        probe.add(100_000);
        assertThat(probe.medianMicrosSince(mark)).isCloseTo(250.0, within(1e-9));
    }

    @Test
    void aSampleTimesTheWork() {
        HostProbe probe = HostProbe.unstarted();
        probe.sample();
        assertThat(probe.mark()).isEqualTo(1);
        assertThat(probe.medianMicrosSince(0)).isPositive();
    }

    @Test
    void aStartedProbeSamplesUntilClosed() throws InterruptedException {
        HostProbe probe = HostProbe.start();
        int mark = probe.mark();
        await().atMost(Duration.ofSeconds(30)).until(() -> probe.mark() >= mark + 2);
        assertThat(probe.isSampling()).isTrue();
        probe.close();
        assertThat(probe.isSampling()).isFalse();
        assertThat(probe.medianMicrosSince(mark)).isPositive();
    }

    @Test
    void aRunsProgressLineNamesWhatTheHostDid() {
        assertThat(CompareTopologies.hostNote(Map.of("steal_pct", 3.2, "probe_us", 110.4)))
                .isEqualTo(", host steal 3%, probe 110 us");
        assertThat(CompareTopologies.hostNote(Map.of("steal_pct", 0.0))).isEqualTo(", host steal 0%");
        assertThat(CompareTopologies.hostNote(null)).isEmpty();
    }
}
