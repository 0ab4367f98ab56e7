package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.cli.MainTest.Result;
import dev.gale.examples.ReliableWordCount;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** {@code gale run kafka-wordcount --conf kafka.bootstrap=...} against a broker that is not the demo's. */
class KafkaDemoRunTest {

    @Test
    void runsTheKafkaExampleAgainstTheBrokerNamedInTheConf() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start()) {
            broker.createTopic("run-in", 2);
            broker.createTopic("run-out", 2);
            Map<String, String> lines = new LinkedHashMap<>();
            List<String> text = ReliableWordCount.text();
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                    new StringSerializer())) {
                for (int i = 0; i < text.size(); i++) {
                    lines.put("l" + i, text.get(i));
                    producer.send(new ProducerRecord<>("run-in", "l" + i, text.get(i)));
                }
            }

            Result r = MainTest.gale("run", "kafka-wordcount", "--seconds", "8", "--progress", "off",
                    "--conf", "kafka.bootstrap=" + broker.bootstrapServers(),
                    "--conf", "kafka.in.topic=run-in", "--conf", "kafka.out.topic=run-out",
                    "--conf", "kafka.group=run-test", "--conf", "kafka.fail.fraction=0.1");
            assertThat(r.status()).as(r.out() + r.err()).isZero();
            assertThat(r.out()).containsPattern("kafka +spout").containsPattern("words +bolt");

            KafkaDemoCheck check = KafkaDemoCheck.of(lines,
                    KafkaTopics.readAll(broker, "run-out", Duration.ofSeconds(30)), 0);
            assertThat(check.missingKeys()).as("words missing on run-out").isZero();
            assertThat(check.exact()).isTrue();
        }
    }

    @Test
    void withoutABootstrapItSaysWhichKeyIsMissing() {
        Result r = MainTest.gale("run", "kafka-wordcount", "--seconds", "1");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: kafka.bootstrap is required: the Kafka brokers, "
                + "e.g. --conf kafka.bootstrap=localhost:9092");
    }
}
