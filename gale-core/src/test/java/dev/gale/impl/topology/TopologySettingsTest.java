package dev.gale.impl.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopologySettingsTest {

    private static TopologySettings settings(int timeoutSecs, int buckets) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, timeoutSecs);
        conf.put(Config.GALE_PENDING_BUCKETS, buckets);
        return TopologySettings.from(conf);
    }

    @Test
    void theRotationPeriodIsTheSmallestWhoseNMinusOneMultipleReachesTheTimeout() {
        for (int timeout : new int[] {1, 7, 10, 30, 31, 3_600}) {
            for (int buckets = 2; buckets <= 12; buckets++) {
                long t = timeout * 1_000_000_000L;
                long period = settings(timeout, buckets).rotationPeriodNanos();
                assertThat((buckets - 1) * period).as("T=%d s, n=%d: (n-1)P >= T", timeout, buckets)
                        .isGreaterThanOrEqualTo(t);
                assertThat((buckets - 1) * (period - 1)).as("T=%d s, n=%d: smallest such P", timeout, buckets)
                        .isLessThan(t);
            }
        }
    }

    @Test
    void aTimeoutThatDoesNotDivideEvenlyIsRoundedUp() {
        // 1 s over 6 periods: 166,666,666 ns would fail trees 4 ns before the timeout.
        assertThat(settings(1, 7).rotationPeriodNanos()).isEqualTo(166_666_667L);
        assertThat(settings(30, 5).rotationPeriodNanos()).isEqualTo(7_500_000_000L);
    }

    @Test
    void pendingBucketsOutsideTwoTo126FailNamingTheKey() {
        assertThat(settings(30, 126).pendingBuckets()).isEqualTo(126);
        for (int bad : new int[] {1, 127}) {
            assertThatThrownBy(() -> settings(30, bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(Config.GALE_PENDING_BUCKETS)
                    .hasMessageContaining("between 2 and 126, got " + bad);
        }
    }

    @Test
    void traceSampleIsOffByDefaultReadFromAStringAndANegativeOneFailsNamingTheKey() {
        assertThat(TopologySettings.from(new HashMap<>()).traceSample()).isZero();
        assertThat(TopologySettings.from(Map.of(Config.GALE_TRACE_SAMPLE, "1000")).traceSample()).isEqualTo(1000);
        assertThatThrownBy(() -> TopologySettings.from(Map.of(Config.GALE_TRACE_SAMPLE, -1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Config.GALE_TRACE_SAMPLE);
    }
}
