package dev.gale.kafka;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Producing and reading whole topics in tests. */
final class KafkaTestSupport {
    private KafkaTestSupport() {
    }

    /** Writes {@code count} records keyed {@code key-<i % keys>} with value {@code i}; waits for every ack. */
    static void produce(EmbeddedKafkaBroker broker, String topic, int from, int count, int keys) throws Exception {
        produce(broker, topic, from, count, keys, count, 0);
    }

    /**
     * As {@link #produce(EmbeddedKafkaBroker, String, int, int, int)}, {@code batch} records at a
     * time with a pause of {@code pauseNanos} after each batch: a steady stream rather than a burst.
     */
    static void produce(EmbeddedKafkaBroker broker, String topic, int from, int count, int keys, int batch,
            long pauseNanos) throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                new StringSerializer())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = from; i < from + count; i++) {
                sent.add(producer.send(new ProducerRecord<>(topic, "key-" + (i % keys), Integer.toString(i))));
                if (pauseNanos > 0 && (i - from + 1) % batch == 0) {
                    producer.flush();
                    LockSupport.parkNanos(pauseNanos);
                }
            }
            for (Future<RecordMetadata> f : sent) {
                f.get();
            }
        }
    }

    /** Every record of {@code topic}, from the beginning to the end offsets as of now. */
    static List<ConsumerRecord<String, String>> readAll(EmbeddedKafkaBroker broker, String topic) throws Exception {
        Map<TopicPartition, Long> end = broker.endOffsets(topic);
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(),
                new StringDeserializer())) {
            c.assign(end.keySet());
            c.seekToBeginning(end.keySet());
            Map<TopicPartition, Long> remaining = new HashMap<>(end);
            remaining.values().removeIf(v -> v == 0);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!remaining.isEmpty() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    Long e = remaining.get(tp);
                    if (e != null && r.offset() < e) {
                        out.add(r);
                        if (r.offset() + 1 >= e) {
                            remaining.remove(tp);
                        }
                    }
                }
                for (TopicPartition tp : new ArrayList<>(remaining.keySet())) {
                    if (c.position(tp) >= remaining.get(tp)) {
                        remaining.remove(tp);
                    }
                }
            }
            if (!remaining.isEmpty()) {
                throw new AssertionError("could not read " + topic + " to its end: " + remaining);
            }
        }
        return out;
    }

    /**
     * Every record of {@code topic} a {@code read_committed} consumer sees, up to the last stable
     * offsets as of now: what committed transactions wrote, nothing of aborted or open ones.
     */
    static List<ConsumerRecord<String, String>> readCommitted(EmbeddedKafkaBroker broker, String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            c.partitionsFor(topic).forEach(i -> partitions.add(new TopicPartition(topic, i.partition())));
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = c.endOffsets(partitions); // the last stable offsets
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline
                    && partitions.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
                        out.add(r);
                    }
                }
            }
            if (partitions.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                throw new IllegalStateException("could not read " + topic + " to its last stable offsets " + end);
            }
        }
        return out;
    }
}
