package dev.gale.spout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay helper's backoff, attempts and dead letters, on a simulated clock. */
class ReplayHelperTest {
    private static final FailureInfo WHY = FailureInfo.of(FailureReason.THREW, "parse", 4,
            new IllegalStateException("bad record"));

    private record Dead(Object msgId, String message, int attempts, FailureInfo last) {
    }

    private final SimulatedClock clock = new SimulatedClock();
    private final List<Dead> dead = new ArrayList<>();

    private ReplayHelper<String> helper(int maxAttempts) {
        return ReplayHelper.<String>builder(clock).maxAttempts(maxAttempts)
                .backoff(Duration.ofMillis(100), Duration.ofMillis(1000))
                .deadLetter((id, m, attempts, last) -> dead.add(new Dead(id, m, attempts, last)))
                .build();
    }

    @Test
    void theBackoffDoublesFromTheInitialWaitUpToTheMax() {
        ReplayHelper<String> h = helper(10);
        assertThat(List.of(1, 2, 3, 4, 5, 6).stream().map(h::backoffNanos).map(n -> n / 1_000_000).toList())
                .containsExactly(100L, 200L, 400L, 800L, 1000L, 1000L);
    }

    @Test
    void aFailedMessageIsDueOnlyOnceItsBackoffHasPassedOnTheClock() {
        ReplayHelper<String> h = helper(5);
        h.emitted("a", "line a");
        assertThat(h.failed("a", WHY)).isTrue();
        assertThat(h.nextDue()).isNull();
        assertThat(h.nanosUntilNextDue()).isEqualTo(100_000_000L);
        clock.advanceMillis(99);
        assertThat(h.nextDue()).as("1 ms early").isNull();
        clock.advanceMillis(1);
        ReplayHelper.Retry<String> r = h.nextDue();
        assertThat(r).isNotNull();
        assertThat(r.msgId()).isEqualTo("a");
        assertThat(r.message()).isEqualTo("line a");
        assertThat(r.attempt()).isEqualTo(2);
        assertThat(r.lastFailure()).isSameAs(WHY);
        assertThat(h.nextDue()).as("handed out once").isNull();

        // The second failure waits twice as long.
        h.emitted("a", null);
        h.failed("a", WHY);
        clock.advanceMillis(199);
        assertThat(h.nextDue()).isNull();
        clock.advanceMillis(1);
        assertThat(h.nextDue().attempt()).isEqualTo(3);
    }

    @Test
    void theLastAttemptsFailureGoesToTheDeadLettersWithTheAttemptCountAndReason() {
        ReplayHelper<String> h = helper(3);
        h.emitted(7, "seven");
        for (int attempt = 1; attempt <= 2; attempt++) {
            assertThat(h.failed(7, WHY)).isTrue();
            clock.advance(Duration.ofSeconds(1));
            ReplayHelper.Retry<String> r = h.nextDue();
            assertThat(r.attempt()).isEqualTo(attempt + 1);
            h.emitted(r.msgId(), r.message());
        }
        assertThat(dead).isEmpty();
        FailureInfo last = FailureInfo.timeout("spout", 1, false, List.of());
        assertThat(h.failed(7, last)).isFalse();
        assertThat(dead).containsExactly(new Dead(7, "seven", 3, last));
        assertThat(h.inFlight()).isZero();
        assertThat(h.nextDue()).isNull();
    }

    @Test
    void retriesComeOutEarliestDueFirstAndAnAckForgetsTheMessage() {
        ReplayHelper<String> h = helper(5);
        h.emitted("x", "x");
        h.emitted("y", "y");
        h.emitted("y", null); // y was retried once already: its next failure waits 200 ms
        h.failed("y", WHY);
        h.failed("x", WHY); // 100 ms
        assertThat(h.waitingIds()).containsExactly("x", "y");
        clock.advanceMillis(250);
        assertThat(h.nextDue().msgId()).isEqualTo("x");
        assertThat(h.nextDue().msgId()).isEqualTo("y");
        h.emitted("x", null);
        h.acked("x");
        assertThat(h.attempts("x")).isZero();
        assertThat(h.failed("x", WHY)).as("an id it no longer knows").isFalse();
        assertThat(h.inFlight()).isEqualTo(1);
    }

    @Test
    void retriesDueAtTheSameTimeComeOutInTheOrderTheyFailed() {
        ReplayHelper<String> h = helper(5);
        List<String> ids = List.of("c", "a", "d", "b");
        ids.forEach(id -> h.emitted(id, id));
        ids.forEach(id -> h.failed(id, WHY));
        clock.advanceMillis(100);
        List<Object> out = new ArrayList<>();
        for (ReplayHelper.Retry<String> r = h.nextDue(); r != null; r = h.nextDue()) {
            out.add(r.msgId());
        }
        assertThat(out).containsExactly("c", "a", "d", "b");
    }

    @Test
    void oneAttemptMeansNoRetryAndBadSettingsAreRefused() {
        ReplayHelper<String> h = helper(1);
        h.emitted("z", "zed");
        assertThat(h.failed("z", WHY)).isFalse();
        assertThat(dead).extracting(Dead::attempts).containsExactly(1);
        assertThatThrownBy(() -> ReplayHelper.builder(clock).maxAttempts(0)).hasMessageContaining("maxAttempts");
        assertThatThrownBy(() -> ReplayHelper.builder(clock).backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .hasMessageContaining("initial <= max");
        assertThatThrownBy(() -> ReplayHelper.builder(clock).build()).hasMessageContaining("deadLetter");
    }
}
