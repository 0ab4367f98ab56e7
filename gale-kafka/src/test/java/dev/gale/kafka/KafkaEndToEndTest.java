package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.kafka.bolt.KafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.bolt.selector.DefaultTopicSelector;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff.TimeInterval;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Topic to topic through Gale on a real broker in this JVM, with failing and throwing bolts. */
class KafkaEndToEndTest {

    @BeforeEach
    void reset() {
        ChaosBolt.reset();
    }

    static KafkaBolt<String, String> sink(EmbeddedKafkaBroker broker, String topic) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, 2);
        return new KafkaBolt<String, String>()
                .withProducerProperties(p)
                .withTopicSelector(new DefaultTopicSelector(topic))
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("key", "message"));
    }

    static KafkaSpoutConfig.Builder<String, String> source(EmbeddedKafkaBroker broker, String topic, String group) {
        return KafkaSpoutConfig.builder(broker.bootstrapServers(), topic)
                .setGroupId(group)
                .setOffsetCommitPeriodMs(200)
                .setRecordTranslator(r -> new Values(r.key(), r.value()), new Fields("key", "message"));
    }

    @Test
    void brokerListensOnLoopbackOnly() throws Exception {
        List<String> addresses = SharedBroker.get().listeningAddresses();
        assertThat(addresses).isNotEmpty();
        // /proc/net/tcp: 0100007F is 127.0.0.1; tcp6: IPv4-mapped 127.0.0.1 or ::1.
        assertThat(addresses).allSatisfy(a -> assertThat(a).matches(
                "(0100007F|0000000000000000FFFF00000100007F|00000000000000000000000001000000):\\d+"));
    }

    @Test
    void everyRecordReachesTheSinkAtLeastOnceDespiteFailuresAndThrows() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        int records = 100_000;
        int keys = 1_000;
        broker.createTopic("e2e-in", 4);
        broker.createTopic("e2e-out", 4);
        KafkaTestSupport.produce(broker, "e2e-in", 0, records, keys);

        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(source(broker, "e2e-in", "e2e")
                .setRetry(new KafkaSpoutRetryExponentialBackoff(TimeInterval.milliSeconds(0),
                        TimeInterval.milliSeconds(5), 20, TimeInterval.milliSeconds(100)))
                .build()), 2);
        b.setBolt("chaos", new ChaosBolt(5, 1, null), 2).shuffleGrouping("kafka");
        b.setBolt("sink", sink(broker, "e2e-out"), 2).shuffleGrouping("chaos");
        Config conf = new Config();
        conf.setMaxSpoutPending(2_000);
        Map<TopicPartition, Long> end = broker.endOffsets("e2e-in");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("e2e", conf, b.createTopology());
            await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(250))
                    .until(() -> broker.committedOffsets("e2e").equals(end));
        }
        assertThat(ChaosBolt.FAILED.get()).isGreaterThan(records * 4 / 100);
        assertThat(ChaosBolt.THREW.get()).isGreaterThan(records / 200);

        Map<String, Integer> perKey = new HashMap<>();
        boolean[] seen = new boolean[records];
        for (ConsumerRecord<String, String> r : KafkaTestSupport.readAll(broker, "e2e-out")) {
            seen[Integer.parseInt(r.value())] = true;
            perKey.merge(r.key(), 1, Integer::sum);
        }
        for (int i = 0; i < records; i++) {
            assertThat(seen[i]).as("record %d on the sink topic", i).isTrue();
        }
        assertThat(perKey).hasSize(keys);
        assertThat(perKey.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(records / keys));
    }

    @Test
    void aPoisonRecordEndsInTheDeadLetterTopicWithItsHeadersAndDoesNotBlockThePartition() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        broker.createTopic("poison-in", 2);
        broker.createTopic("poison-out", 2);
        broker.createTopic("poison-dlt", 1);
        KafkaTestSupport.produce(broker, "poison-in", 0, 500, 10);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(source(broker, "poison-in", "poison")
                .setRetry(new KafkaSpoutRetryExponentialBackoff(TimeInterval.milliSeconds(0),
                        TimeInterval.milliSeconds(5), 3, TimeInterval.milliSeconds(50)))
                .setDeadLetterTopic("poison-dlt")
                .build()), 1);
        b.setBolt("chaos", new ChaosBolt(0, 0, "250"), 1).shuffleGrouping("kafka");
        b.setBolt("sink", sink(broker, "poison-out"), 1).shuffleGrouping("chaos");
        Map<TopicPartition, Long> end = broker.endOffsets("poison-in");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("poison", new Config(), b.createTopology());
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> broker.committedOffsets("poison").equals(end));
        }
        // maxRetries 3: the first delivery and 3 retries.
        assertThat(ChaosBolt.POISON_SEEN.get()).isEqualTo(4);
        List<ConsumerRecord<String, String>> dead = KafkaTestSupport.readAll(broker, "poison-dlt");
        assertThat(dead).hasSize(1);
        ConsumerRecord<String, String> d = dead.get(0);
        assertThat(d.value()).isEqualTo("250");
        assertThat(d.key()).isEqualTo("key-0");
        assertThat(header(d, "attempts")).isEqualTo("4");
        assertThat(header(d, "component")).isEqualTo("kafka");
        assertThat(header(d, "task")).matches("\\d+");
        assertThat(header(d, "error")).contains("failed")
                .startsWith(IllegalStateException.class.getName() + ": poison record 250")
                .contains("THREW by 'chaos'");
        assertThat(header(d, "original.topic")).isEqualTo("poison-in");
        assertThat(header(d, "original.partition")).matches("[01]");
        assertThat(Long.parseLong(header(d, "original.offset"))).isBetween(0L, 499L);
        List<ConsumerRecord<String, String>> out = KafkaTestSupport.readAll(broker, "poison-out");
        assertThat(out).extracting(ConsumerRecord::value).doesNotContain("250").hasSize(499);
    }

    private static String header(ConsumerRecord<?, ?> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
