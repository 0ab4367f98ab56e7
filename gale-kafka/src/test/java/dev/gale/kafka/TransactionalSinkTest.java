package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.kafka.internal.OutputBatch;
import dev.gale.kafka.internal.TransactionalSink;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The crash windows of a transactional sink task, on a real broker: a run that dies after Kafka
 * committed its transaction but before the checkpoint recorded it must not write the batch again;
 * one that dies before Kafka committed must have it written once by the next run; a zombie that
 * wakes up after the next run started is fenced and writes nothing.
 */
class TransactionalSinkTest {
    private static final String LINEAGE = "lineage-1";
    private EmbeddedKafkaBroker broker;
    private String topic;
    private String transactionalId;

    @BeforeEach
    void topic() throws Exception {
        broker = SharedBroker.get();
        topic = "sink-" + UUID.randomUUID();
        broker.createTopic(topic, 2);
        transactionalId = "test-" + topic;
    }

    private TransactionalSink newSink() {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ProducerConfig.LINGER_MS_CONFIG, 1);
        TransactionalSink sink = new TransactionalSink(config, transactionalId);
        sink.start();
        return sink;
    }

    private List<OutputBatch.Item> items(int from, int count) {
        List<OutputBatch.Item> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add(new OutputBatch.Item(topic, ("k" + i % 7).getBytes(StandardCharsets.UTF_8),
                    Integer.toString(i).getBytes(StandardCharsets.UTF_8)));
        }
        return out;
    }

    private static void sendAll(TransactionalSink sink, List<OutputBatch.Item> items) {
        for (OutputBatch.Item item : items) {
            sink.send(item, null);
        }
    }

    private List<String> committedValues() {
        List<String> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : KafkaTestSupport.readCommitted(broker, topic)) {
            out.add(r.value());
        }
        out.sort(null);
        return out;
    }

    private static List<String> values(int from, int count) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add(Integer.toString(i));
        }
        out.sort(null);
        return out;
    }

    @Test
    void aBatchKafkaCommittedBeforeTheCrashIsNotWrittenAgain() {
        List<OutputBatch.Item> batch = items(0, 500);
        try (TransactionalSink first = newSink()) {
            sendAll(first, batch);
            first.commit(LINEAGE, 7);
            // the process dies here, before the checkpoint's state commit
        }
        try (TransactionalSink next = newSink()) {
            assertThat(next.lastCommitted(LINEAGE)).isEqualTo(7);
            assertThat(next.deliver(OutputBatch.of(LINEAGE, 7, batch))).isFalse();
        }
        assertThat(committedValues()).isEqualTo(values(0, 500));
    }

    @Test
    void aBatchKafkaNeverCommittedIsWrittenOnceByTheNextRun() {
        try (TransactionalSink earlier = newSink()) {
            sendAll(earlier, items(0, 100));
            earlier.commit(LINEAGE, 1);
        }
        List<OutputBatch.Item> batch = items(100, 400);
        TransactionalSink dying = newSink();
        sendAll(dying, batch);
        dying.flush(); // the records are in the log, in a transaction left open by the crash
        try (TransactionalSink next = newSink()) { // fences the dead run and aborts its transaction
            assertThat(next.lastCommitted(LINEAGE)).isEqualTo(1);
            assertThat(next.deliver(OutputBatch.of(LINEAGE, 2, batch))).isTrue();
            assertThat(next.lastCommitted(LINEAGE)).isEqualTo(2);
            assertThat(next.deliver(OutputBatch.of(LINEAGE, 2, batch))).isFalse();
        } finally {
            dying.close();
        }
        assertThat(committedValues()).isEqualTo(values(0, 500));
    }

    @Test
    void aZombieIsFencedAndWritesNothing() {
        TransactionalSink zombie = newSink();
        List<OutputBatch.Item> batch = items(0, 200);
        sendAll(zombie, batch);
        zombie.flush();
        try (TransactionalSink next = newSink()) {
            assertThatThrownBy(() -> zombie.commit(LINEAGE, 3)).isInstanceOf(KafkaException.class);
            assertThat(next.deliver(OutputBatch.of(LINEAGE, 3, batch))).isTrue();
        } finally {
            zombie.close();
        }
        assertThat(committedValues()).isEqualTo(values(0, 200));
    }

    @Test
    void anotherLineagesMarkerDoesNotCount() {
        try (TransactionalSink sink = newSink()) {
            sendAll(sink, items(0, 10));
            sink.commit("an-earlier-state", 40);
            assertThat(sink.lastCommitted(LINEAGE)).isEqualTo(-1);
            assertThat(sink.deliver(OutputBatch.of(LINEAGE, 2, items(10, 10)))).isTrue();
            assertThat(sink.lastCommitted(LINEAGE)).isEqualTo(2);
        }
        assertThat(committedValues()).isEqualTo(values(0, 20));
    }

    @Test
    void anAbortedTransactionLeavesNothingVisible() {
        try (TransactionalSink sink = newSink()) {
            sendAll(sink, items(0, 50));
            sink.abort();
            sendAll(sink, items(50, 5));
            sink.commit(LINEAGE, 1);
        }
        assertThat(committedValues()).isEqualTo(values(50, 5));
    }

    @Test
    void aBatchReadsBackTheRecordsItWasMadeOf() {
        List<OutputBatch.Item> items = new ArrayList<>(items(0, 3));
        items.add(new OutputBatch.Item(topic, null, null));
        OutputBatch batch = OutputBatch.of(LINEAGE, 9, items);
        List<OutputBatch.Item> back = batch.items();
        assertThat(back).hasSize(4);
        for (int i = 0; i < 3; i++) {
            assertThat(back.get(i).topic()).isEqualTo(topic);
            assertThat(back.get(i).key()).isEqualTo(items.get(i).key());
            assertThat(back.get(i).value()).isEqualTo(items.get(i).value());
        }
        assertThat(back.get(3).key()).isNull();
        assertThat(back.get(3).value()).isNull();
        assertThat(OutputBatch.of(LINEAGE, 1, List.of()).isEmpty()).isTrue();
    }
}
