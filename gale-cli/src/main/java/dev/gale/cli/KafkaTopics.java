package dev.gale.cli;

import dev.gale.cli.KafkaDemoCheck.WordRecord;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads a whole topic of the demo's broker, from the beginning to its end offsets. Stateless. */
final class KafkaTopics {
    private KafkaTopics() {
    }

    /** Every record of {@code topic} as of now, as (key, value). */
    static List<WordRecord> readAll(EmbeddedKafkaBroker broker, String topic, Duration timeout) throws Exception {
        Map<TopicPartition, Long> end = broker.endOffsets(topic);
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        List<WordRecord> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(),
                new StringDeserializer())) {
            c.assign(end.keySet());
            c.seekToBeginning(end.keySet());
            Map<TopicPartition, Long> remaining = new HashMap<>(end);
            remaining.values().removeIf(v -> v == 0);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!remaining.isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw new UserException("could not read " + topic + " to its end within "
                            + Format.seconds(timeout.toMillis() / 1e3) + ": " + remaining, Main.FAILED);
                }
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    Long e = remaining.get(tp);
                    if (e != null && r.offset() < e) {
                        out.add(new WordRecord(r.key(), r.value()));
                    }
                }
                remaining.keySet().removeIf(tp -> c.position(tp) >= end.get(tp));
            }
        }
        return out;
    }
}
