package dev.gale.kafka.spout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The spout's periodic commit does not wait for the broker on the thread that emits: it goes out
 * with {@code commitAsync}, its outcome arrives in a later poll, and a failed one is sent again
 * next period. On a simulated clock and the step scheduler, against Kafka's {@link MockConsumer}.
 */
class KafkaSpoutCommitTest {
    private static final String TOPIC = "in";
    private static final TopicPartition TP = new TopicPartition(TOPIC, 0);
    static final AtomicReference<RecordingConsumer> CONSUMER = new AtomicReference<>();

    /**
     * A MockConsumer that answers async commits only at the next poll, as Kafka's consumer does
     * (MockConsumer's own commitSync goes through commitAsync without a callback).
     */
    static final class RecordingConsumer extends MockConsumer<String, String> {
        final List<Map<TopicPartition, OffsetAndMetadata>> syncCommits = new ArrayList<>();
        final List<Map<TopicPartition, OffsetAndMetadata>> asyncCommits = new ArrayList<>();
        private final List<Runnable> answers = new ArrayList<>();
        /** The next async commit fails with this (once). */
        RuntimeException failNext;

        RecordingConsumer() {
            super("earliest");
        }

        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            syncCommits.add(Map.copyOf(offsets));
            super.commitSync(offsets);
        }

        @Override
        public synchronized void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets,
                                             OffsetCommitCallback callback) {
            if (callback == null) {
                super.commitAsync(offsets, null); // MockConsumer's commitSync comes here: it commits at once
                return;
            }
            asyncCommits.add(Map.copyOf(offsets));
            RuntimeException failure = failNext;
            failNext = null;
            answers.add(() -> {
                if (failure == null) {
                    super.commitAsync(offsets, null);
                }
                callback.onComplete(offsets, failure);
            });
        }

        @Override
        public synchronized ConsumerRecords<String, String> poll(Duration timeout) {
            List<Runnable> due = new ArrayList<>(answers);
            answers.clear();
            due.forEach(Runnable::run);
            return super.poll(timeout);
        }

        synchronized long committedOffset() {
            OffsetAndMetadata o = committed(Set.of(TP)).get(TP);
            return o == null ? -1 : o.offset();
        }
    }

    /** Reads through {@link #CONSUMER}. */
    static final class MockedSpout extends KafkaSpout<String, String> {
        private static final long serialVersionUID = 1L;

        MockedSpout(KafkaSpoutConfig<String, String> config) {
            super(config);
        }

        @Override
        protected Consumer<String, String> createConsumer(Map<String, Object> props) {
            return CONSUMER.get();
        }
    }

    /** Acks everything. */
    static final class Sink extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    private final SimulatedClock clock = new SimulatedClock();
    private LocalCluster cluster;

    @AfterEach
    void close() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        CONSUMER.set(null);
    }

    private RecordingConsumer startWithRecords(int records) throws Exception {
        RecordingConsumer consumer = new RecordingConsumer();
        consumer.updateBeginningOffsets(Map.of(TP, 0L));
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(TP));
            for (int i = 0; i < records; i++) {
                consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, i, "k" + i, "v" + i));
            }
        });
        CONSUMER.set(consumer);
        KafkaSpoutConfig<String, String> config = KafkaSpoutConfig.builder("localhost:1", TOPIC)
                .setOffsetCommitPeriodMs(1_000)
                .build();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("in", new MockedSpout(config));
        b.setBolt("sink", new Sink()).shuffleGrouping("in");
        cluster = new LocalCluster.Builder().withClock(clock).build();
        cluster.submitTopology("commits", new Config(), b.createTopology());
        cluster.waitForIdle();
        return consumer;
    }

    @Test
    void thePeriodicCommitIsSentWithoutWaitingAndKeptWhenTheBrokerAnswers() throws Exception {
        RecordingConsumer consumer = startWithRecords(3);

        clock.advance(Duration.ofMillis(1_000));
        cluster.waitForIdle();

        assertThat(consumer.syncCommits).isEmpty();
        assertThat(consumer.asyncCommits).containsExactly(Map.of(TP, new OffsetAndMetadata(3, "{\"topologyId\":\"commits\"}")));
        assertThat(consumer.committedOffset()).isEqualTo(3);

        clock.advance(Duration.ofMillis(1_000));
        cluster.waitForIdle();
        assertThat(consumer.asyncCommits).as("offset 3 is known to be committed: nothing new to send").hasSize(1);
    }

    @Test
    void aFailedAsyncCommitIsSentAgainNextPeriod() throws Exception {
        RecordingConsumer consumer = startWithRecords(2);
        consumer.failNext = new TimeoutException("coordinator slow");

        clock.advance(Duration.ofMillis(1_000));
        cluster.waitForIdle();
        assertThat(consumer.committedOffset()).isEqualTo(-1);

        clock.advance(Duration.ofMillis(1_000));
        cluster.waitForIdle();
        assertThat(consumer.asyncCommits).hasSize(2).allSatisfy(c -> assertThat(c.get(TP).offset()).isEqualTo(2));
        assertThat(consumer.syncCommits).isEmpty();
        assertThat(consumer.committedOffset()).isEqualTo(2);
    }
}
