package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.kafka.spout.KafkaSpoutMessageId;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff.TimeInterval;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Retry timing on a simulated clock: initial delay, doubling, the cap, and the retry limit. */
class RetryBackoffTest {
    private final TopicPartition tp = new TopicPartition("t", 0);
    private final SimulatedClock clock = new SimulatedClock();
    private final KafkaSpoutRetryExponentialBackoff retry = new KafkaSpoutRetryExponentialBackoff(
            TimeInterval.milliSeconds(100), TimeInterval.milliSeconds(10), 4, TimeInterval.milliSeconds(50));

    RetryBackoffTest() {
        retry.setClock(clock);
    }

    private KafkaSpoutMessageId failed(long offset, int times) {
        KafkaSpoutMessageId id = new KafkaSpoutMessageId(tp, offset);
        for (int i = 0; i < times; i++) {
            id.incrementNumFails();
        }
        return id;
    }

    @Test
    void firstRetryWaitsTheInitialDelayCappedAtTheMaximum() {
        KafkaSpoutMessageId id = failed(7, 1);
        assertThat(retry.schedule(id)).isTrue();
        clock.advance(Duration.ofMillis(49));
        assertThat(retry.isReady(id)).isFalse();
        clock.advance(Duration.ofMillis(1)); // initial 100 ms, capped at 50
        assertThat(retry.isReady(id)).isTrue();
        assertThat(retry.earliestRetriableOffsets()).isEqualTo(Map.of(tp, 7L));
    }

    @Test
    void laterRetriesDoubleThePeriod() {
        KafkaSpoutMessageId second = failed(1, 2); // 10 * 2^1 = 20 ms
        KafkaSpoutMessageId third = failed(2, 3); // 10 * 2^2 = 40 ms
        retry.schedule(second);
        retry.schedule(third);
        clock.advance(Duration.ofMillis(20));
        assertThat(retry.readyMessageCount()).isEqualTo(1);
        assertThat(retry.earliestRetriableOffsets()).isEqualTo(Map.of(tp, 1L));
        clock.advance(Duration.ofMillis(20));
        assertThat(retry.readyMessageCount()).isEqualTo(2);
    }

    @Test
    void aMessageFailedMoreThanMaxRetriesIsNotScheduled() {
        assertThat(retry.schedule(failed(3, 4))).isTrue();
        assertThat(retry.schedule(failed(4, 5))).isFalse();
        assertThat(retry.isScheduled(new KafkaSpoutMessageId(tp, 4))).isFalse();
    }

    @Test
    void getMessageIdReturnsTheScheduledInstanceAndRetainAllDropsOtherPartitions() {
        KafkaSpoutMessageId id = failed(9, 1);
        retry.schedule(id);
        assertThat(retry.getMessageId(tp, 9)).isSameAs(id);
        KafkaSpoutMessageId other = new KafkaSpoutMessageId(new TopicPartition("t", 1), 3);
        other.incrementNumFails();
        retry.schedule(other);
        assertThat(retry.retainAll(List.of(tp))).isTrue();
        assertThat(retry.isScheduled(other)).isFalse();
        assertThat(retry.remove(id)).isTrue();
        assertThat(retry.readyMessageCount()).isZero();
    }
}
