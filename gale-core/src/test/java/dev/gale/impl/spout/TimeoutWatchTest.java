package dev.gale.impl.spout;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimeoutWatchTest {
    private static final long S = 1_000_000_000L;

    @Test
    void warnsNamingTheSpoutOnceAWindowHadMoreTimeoutsThanAcks() {
        TimeoutWatch w = new TimeoutWatch("spout 'words'", 30);
        assertThat(w.check(0, "[1]")).isNull();
        for (int i = 0; i < 5; i++) {
            w.acked();
        }
        for (int i = 0; i < 6; i++) {
            w.timedOut();
        }
        assertThat(w.check(29 * S, "[125] (max 1000)")).as("the window is one timeout").isNull();
        assertThat(w.check(30 * S, "[125] (max 1000)")).isEqualTo("spout 'words': 6 trees timed out and 5 were acked"
                + " in the last 30 s: tuples wait downstream longer than the message timeout"
                + " (topology.message.timeout.secs = 30), so replays only add stale work. Pending limit per task now"
                + " [125] (max 1000). Make the slowest bolt faster or more parallel, lower topology.max.spout.pending,"
                + " or raise the timeout");
        // A new window: counts start again.
        w.timedOut();
        assertThat(w.check(60 * S, "[125]")).contains("1 trees timed out and 0 were acked");
    }

    @Test
    void staysQuietWhileAcksKeepUpAndUsesAtLeastTenSecondWindows() {
        TimeoutWatch w = new TimeoutWatch("spout 's'", 2);
        w.check(0, "[1]");
        w.timedOut();
        assertThat(w.check(2 * S, "[1]")).isNull();
        w.acked();
        assertThat(w.check(10 * S, "[1]")).as("as many acks as timeouts").isNull();
        w.timedOut();
        assertThat(w.check(20 * S, "[1]")).contains("spout 's'", "in the last 10 s");
    }
}
