package dev.gale.impl.spout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.impl.topology.ComponentSettings.PendingSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PendingLimitTest {
    private static final long S = 1_000_000_000L;
    private static final long T = 2 * S;

    @Test
    void anExplicitMaxSpoutPendingIsAFixedCapUnlessTheUserOptsIn() {
        PendingLimit fixed = PendingLimit.of(PendingSpec.of(Map.of(Config.TOPOLOGY_MAX_SPOUT_PENDING, 5000)), T, 0);
        assertThat(fixed.limit()).isEqualTo(5000);
        assertThat(fixed.ceiling()).isEqualTo(5000);
        assertThat(fixed.timedOut(0, 10 * S)).isFalse();
        fixed.acked(S, 10 * S); // far slower than half the timeout
        assertThat(fixed.limit()).isEqualTo(5000);

        PendingLimit optedIn = PendingLimit.of(PendingSpec.of(Map.of(Config.TOPOLOGY_MAX_SPOUT_PENDING, 5000,
                Config.GALE_SPOUT_PENDING_ADAPTIVE, true)), T, 0);
        assertThat(optedIn.timedOut(0, 10 * S)).isTrue();
        assertThat(optedIn.limit()).isEqualTo(2500);
        assertThat(optedIn.ceiling()).isEqualTo(5000);
    }

    @Test
    void unsetItStartsAtAThousandAndAdaptsUpToTheCeilingUnlessTurnedOff() {
        PendingLimit adaptive = PendingLimit.of(PendingSpec.of(Map.of()), T, 0);
        assertThat(adaptive.limit()).isEqualTo(PendingSpec.DEFAULT_START).isEqualTo(1000);
        assertThat(adaptive.ceiling()).isEqualTo(PendingSpec.DEFAULT_CEILING);
        assertThat(PendingSpec.of(Map.of()).adaptive()).isTrue();
        assertThat(PendingSpec.of(Map.of()).start()).isEqualTo(1000);
        assertThat(PendingSpec.of(Map.of(Config.TOPOLOGY_MAX_SPOUT_PENDING, 7)).start()).isEqualTo(7);

        PendingLimit off = PendingLimit.of(PendingSpec.of(Map.of(Config.GALE_SPOUT_PENDING_ADAPTIVE, false)), T, 0);
        assertThat(off.ceiling()).isEqualTo(1000);
        assertThat(off.timedOut(0, 10 * S)).isFalse();
        assertThat(off.limit()).isEqualTo(1000);
    }

    @Test
    void aTimeoutWhileLaterTreesCompleteIsLossAndCutsNothing() {
        PendingLimit l = new PendingLimit(1000, 1000, true, T);
        l.acked(5 * S, 5 * S + 1_000_000); // a tree emitted at 5 s completed in 1 ms
        for (int i = 0; i < 100; i++) {
            assertThat(l.timedOut(i * S / 25, 6 * S + i)).as("dropped tree %d", i).isFalse();
        }
        assertThat(l.limit()).isEqualTo(1000);
    }

    @Test
    void aTimeoutWithNoLaterCompletionIsAStallAndCutsOncePerBurst() {
        PendingLimit l = new PendingLimit(1000, 1000, true, T);
        l.acked(S, S + 1_000_000);
        assertThat(l.timedOut(2 * S, 5 * S)).isTrue();
        for (int i = 0; i < 100; i++) {
            assertThat(l.timedOut(2 * S + i, 5 * S + i)).as("same burst").isFalse();
        }
        assertThat(l.limit()).isEqualTo(500);
        // A tree emitted after that cut that times out as well: still stuck, cut again.
        assertThat(l.timedOut(6 * S, 9 * S)).isTrue();
        assertThat(l.limit()).isEqualTo(250);
        for (int i = 0; i < 20; i++) {
            l.timedOut((10 + 4 * i) * S, (13 + 4 * i) * S);
        }
        assertThat(l.limit()).isEqualTo(1);
    }

    @Test
    void treesCompletingAfterHalfTheTimeoutCutOncePerBurst() {
        PendingLimit l = new PendingLimit(1000, 1000, true, T);
        l.acked(0, S - 1); // under half the timeout: fine
        assertThat(l.limit()).isEqualTo(1000);
        l.acked(0, S + 1);
        assertThat(l.limit()).isEqualTo(500);
        for (int i = 0; i < 50; i++) {
            l.acked(S / 2, 2 * S); // emitted before that cut: the same news again
        }
        assertThat(l.limit()).isEqualTo(500);
        l.acked(2 * S, 4 * S);
        assertThat(l.limit()).isEqualTo(250);
    }

    @Test
    void quickAcksDoubleTheLimitEachRoundOnlyWhileTheTaskRunsIntoIt() {
        PendingLimit l = new PendingLimit(1000, 1 << 16, true, T);
        l.acked(0, 2 * S);
        l.acked(3 * S, 5 * S);
        l.acked(6 * S, 8 * S);
        assertThat(l.limit()).isEqualTo(125);
        long t = 10 * S;
        for (int i = 0; i < 500; i++) {
            l.acked(t, t + 1000); // quick, but the task never reached its limit: no evidence for more
        }
        assertThat(l.limit()).isEqualTo(125);
        l.reached();
        for (int i = 0; i < 125; i++) {
            l.acked(t, t + 1000);
        }
        assertThat(l.limit()).isEqualTo(250);
        for (int round = 0; round < 20; round++) {
            l.reached();
            for (int i = 0; i < l.limit(); i++) {
                l.acked(t, t + 1000);
            }
        }
        assertThat(l.limit()).isEqualTo(1 << 16);
    }

    @Test
    void aTimeWindowsDesignedHoldIsNotCongestion() {
        // A 10 s window sliding every 1 s holds a tuple up to 11 s; timeout 30 s: congested past
        // 11 + (30 - 11) / 2 = 20.5 s, not past 15 s.
        long hold = 11 * S;
        PendingLimit l = PendingLimit.of(PendingSpec.of(Map.of()), 30 * S, hold);
        l.acked(0, 20 * S);
        assertThat(l.limit()).isEqualTo(1000);
        l.acked(0, 21 * S);
        assertThat(l.limit()).isEqualTo(500);
    }
}
