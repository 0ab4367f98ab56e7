package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gale kafka-demo}, and {@code gale run kafka-wordcount} against a broker this test starts. */
class KafkaIT {
    @TempDir
    Path dir;

    @Test
    void theKafkaDemoIsExactThoughItKillsAWorker() {
        Run r = new Launcher(dir).timeout(Duration.ofSeconds(240)).run("kafka-demo", "--passes", "10", "--progress", "off");
        assertThat(r.status).as("%s", r).isZero();
        assertThat(r.out).as("%s", r).contains("OK: exact.");
        r.leftNothingBehind();
    }

    @Test
    void kafkaWordcountCountsTheWordsOfATopicIntoAnother() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start()) {
            broker.createTopic("sentences", 2);
            broker.createTopic("counts", 2);
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                    new StringSerializer())) {
                for (int i = 0; i < 50; i++) {
                    producer.send(new ProducerRecord<>("sentences", "line-" + i, "the cow jumped over the moon"));
                }
            }
            Run r = new Launcher(dir).run("run", "kafka-wordcount", "--seconds", "8", "--progress", "off",
                    "--conf", "kafka.bootstrap=" + broker.bootstrapServers(), "--conf", "kafka.in.topic=sentences",
                    "--conf", "kafka.out.topic=counts", "--conf", "kafka.group=kafka-it").succeeded();
            assertThat(r.summary()).isNotEmpty();
            r.leftNothingBehind();

            // Every word of every line reached the output topic.
            Map<String, Integer> words = new TreeMap<>();
            for (ConsumerRecord<String, String> rec : readAll(broker, "counts")) {
                words.merge(rec.value().split("\\W+")[0], 1, Integer::sum);
            }
            assertThat(words.keySet()).as("%s", r).contains("the", "cow", "jumped", "over", "moon");
        }
    }

    @Test
    void kafkaExactlyOnceWritesEachWordsCountsOnceToReadCommittedReaders() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start()) {
            broker.createTopic("lines", 2);
            broker.createTopic("word-counts", 2);
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                    new StringSerializer())) {
                for (int i = 0; i < 300; i++) {
                    producer.send(new ProducerRecord<>("lines", "line-" + i, "the cow jumped over the moon"));
                }
            }
            Run r = new Launcher(dir).run("run", "kafka-exactly-once", "--seconds", "15", "--progress", "off",
                    "--conf", "kafka.bootstrap=" + broker.bootstrapServers(), "--conf", "kafka.in.topic=lines",
                    "--conf", "kafka.out.topic=word-counts", "--conf", "kafka.group=kafka-eo-it").succeeded();
            assertThat(r.summary()).isNotEmpty();
            r.leftNothingBehind();

            // Each word's counts, as a read_committed consumer sees them: 1..n, each once.
            Map<String, List<Long>> counts = new TreeMap<>();
            for (ConsumerRecord<String, String> rec : readAll(broker, "word-counts", "read_committed")) {
                counts.computeIfAbsent(rec.key(), k -> new ArrayList<>()).add(Long.parseLong(rec.value()));
            }
            assertThat(counts.keySet()).as("%s", r).containsExactly("cow", "jumped", "moon", "over", "the");
            for (Map.Entry<String, List<Long>> e : counts.entrySet()) {
                long n = e.getKey().equals("the") ? 600 : 300;
                assertThat(e.getValue()).as(e.getKey()).hasSize((int) n)
                        .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, n).boxed().toList());
            }
        }
    }

    private static List<ConsumerRecord<String, String>> readAll(EmbeddedKafkaBroker broker, String topic) {
        return readAll(broker, topic, "read_uncommitted");
    }

    /**
     * Every record of {@code topic} a consumer with {@code isolation} sees, from the beginning to the
     * end offsets as of now (for read_committed, the last stable offsets). Assigned, not subscribed:
     * no group to join, which can take long on a loaded machine.
     */
    private static List<ConsumerRecord<String, String>> readAll(EmbeddedKafkaBroker broker, String topic,
            String isolation) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c, new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            consumer.partitionsFor(topic).forEach(i -> partitions.add(new TopicPartition(topic, i.partition())));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline && partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }
}
