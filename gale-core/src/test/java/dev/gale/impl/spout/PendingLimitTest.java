package dev.gale.impl.spout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PendingLimitTest {
    private static final long S = 1_000_000_000L;

    @Test
    void theCeilingIsMaxSpoutPendingOrAThousandWhenUnset() {
        assertThat(PendingLimit.configuredMax(Map.of())).isEqualTo(1000).isEqualTo(PendingLimit.DEFAULT_MAX);
        assertThat(PendingLimit.configuredMax(Map.of(Config.TOPOLOGY_MAX_SPOUT_PENDING, 5000))).isEqualTo(5000);
        assertThat(PendingLimit.adaptive(Map.of())).isTrue();
        assertThat(PendingLimit.adaptive(Map.of(Config.GALE_SPOUT_PENDING_ADAPTIVE, false))).isFalse();
        assertThat(new PendingLimit(1000, true).limit()).isEqualTo(1000);
    }

    @Test
    void aTimeoutHalvesTheLimitOncePerCutNotOncePerTree() {
        PendingLimit l = new PendingLimit(1000, true);
        // A burst of timeouts of trees emitted before the first cut: one cut.
        assertThat(l.timedOut(0, 10 * S)).isTrue();
        for (int i = 0; i < 100; i++) {
            assertThat(l.timedOut(i * S / 100, 10 * S + i)).isFalse();
        }
        assertThat(l.limit()).isEqualTo(500);
        // A tree emitted after that cut timing out says the new limit is still too high.
        assertThat(l.timedOut(11 * S, 20 * S)).isTrue();
        assertThat(l.limit()).isEqualTo(250);
        for (int i = 0; i < 20; i++) {
            l.timedOut((40 + 2 * i) * S, (41 + 2 * i) * S);
        }
        assertThat(l.limit()).isEqualTo(1);
    }

    @Test
    void acksRaiseTheLimitByOnePerLimitsWorthUpToTheCeiling() {
        PendingLimit l = new PendingLimit(8, true);
        l.timedOut(0, S);
        l.timedOut(2 * S, 3 * S);
        assertThat(l.limit()).isEqualTo(2);
        l.acked();
        assertThat(l.limit()).isEqualTo(2);
        l.acked();
        assertThat(l.limit()).isEqualTo(3);
        for (int i = 0; i < 3 + 4 + 5 + 6 + 7; i++) {
            l.acked();
        }
        assertThat(l.limit()).isEqualTo(8);
        for (int i = 0; i < 100; i++) {
            l.acked();
        }
        assertThat(l.limit()).isEqualTo(8);
    }

    @Test
    void withoutAdaptationTheLimitStaysAtTheCeiling() {
        PendingLimit l = new PendingLimit(1000, false);
        assertThat(l.timedOut(0, S)).isFalse();
        assertThat(l.limit()).isEqualTo(1000);
    }
}
