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
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
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
            assertThat(words.keySet()).contains("the", "cow", "jumped", "over", "moon");
        }
    }

    private static List<ConsumerRecord<String, String>> readAll(EmbeddedKafkaBroker broker, String topic) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "kafka-it-reader");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c, new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            int emptyPolls = 0;
            while (System.nanoTime() < end && emptyPolls < 5) {
                var batch = consumer.poll(Duration.ofMillis(500));
                emptyPolls = batch.isEmpty() && !out.isEmpty() ? emptyPolls + 1 : 0;
                batch.forEach(out::add);
            }
        }
        return out;
    }
}
