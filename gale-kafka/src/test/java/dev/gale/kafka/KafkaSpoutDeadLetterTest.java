package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.Counter;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.kafka.spout.KafkaSpoutConfig.DeadLetterFailurePolicy;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff.TimeInterval;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.UserMetric;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Dead letters that cannot be written at once, on a real broker: a permanent error stops the
 * topology or is counted and committed past, a transient one is retried until it clears or times
 * out; the {@code error} header is cut to its size and the record's bytes are kept as read.
 */
class KafkaSpoutDeadLetterTest {
    private static final int RECORDS = 50;
    private static final String POISON = "20";

    /** Topics are created only on purpose, so a missing dead-letter topic stays missing until a test creates it. */
    private static EmbeddedKafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedKafkaBroker.start(Map.of("auto.create.topics.enable", "false"));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    @BeforeEach
    void reset() {
        PoisonBolt.SEEN.clear();
    }

    @Test
    void aDeadLetterTooLargeForItsTopicStopsTheTopologyByDefaultAndIsNotCommittedPast() throws Exception {
        createTopic(broker, "dlt-large-in", Map.of());
        createTopic(broker, "dlt-large-dead", Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, "100"));
        KafkaTestSupport.produce(broker, "dlt-large-in", 0, RECORDS, 5);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("dlt-large", new Config(), topology(source(broker, "dlt-large-in", "dlt-large")
                    .setDeadLetterTopic("dlt-large-dead"), ""));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> cluster.getTopologyStats("dlt-large").fatal().isPresent());
            ErrorInfo fatal = cluster.getTopologyStats("dlt-large").fatal().orElseThrow();
            assertThat(fatal.componentId()).isEqualTo("kafka");
            assertThat(fatal.message()).contains("dlt-large-in-0 offset " + POISON, "'dlt-large-dead'",
                    "RecordTooLargeException", "permanent");
        }
        // Not lost: the group resumes at the poison record at the latest.
        assertThat(broker.committedOffsets("dlt-large").getOrDefault(new TopicPartition("dlt-large-in", 0), 0L))
                .isLessThanOrEqualTo(Long.parseLong(POISON));
        assertThat(KafkaTestSupport.readAll(broker, "dlt-large-dead")).isEmpty();
    }

    @Test
    void withContinueADeadLetterThatCannotBeWrittenIsCountedAndThePartitionGoesOn() throws Exception {
        createTopic(broker, "dlt-skip-in", Map.of());
        createTopic(broker, "dlt-skip-dead", Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, "100"));
        KafkaTestSupport.produce(broker, "dlt-skip-in", 0, RECORDS, 5);
        Map<TopicPartition, Long> end = broker.endOffsets("dlt-skip-in");
        try (LocalCluster cluster = new LocalCluster()) {
            // With 10 uncommitted offsets at most, a poison record never committed past would stall the partition.
            cluster.submitTopology("dlt-skip", new Config(), topology(source(broker, "dlt-skip-in", "dlt-skip")
                    .setMaxUncommittedOffsets(10)
                    .setDeadLetterTopic("dlt-skip-dead")
                    .setDeadLetterFailurePolicy(DeadLetterFailurePolicy.CONTINUE), ""));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> broker.committedOffsets("dlt-skip").equals(end));
            assertThat(counter(cluster, "dlt-skip", "deadLetters.dropped")).isEqualTo(1);
            assertThat(counter(cluster, "dlt-skip", "deadLetters.sent")).isZero();
            assertThat(cluster.getTopologyStats("dlt-skip").fatal()).isEmpty();
        }
        assertThat(PoisonBolt.SEEN).hasSize(RECORDS - 1).doesNotContain(POISON);
        assertThat(KafkaTestSupport.readAll(broker, "dlt-skip-dead")).isEmpty();
    }

    @Test
    void aTransientFailureIsRetriedUntilTheDeadLetterIsWritten() throws Exception {
        createTopic(broker, "dlt-transient-in", Map.of());
        // The dead-letter topic does not exist yet: each write times out waiting for its metadata (retriable).
        KafkaTestSupport.produce(broker, "dlt-transient-in", 0, RECORDS, 5);
        Map<TopicPartition, Long> end = broker.endOffsets("dlt-transient-in");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("dlt-transient", new Config(), topology(
                    source(broker, "dlt-transient-in", "dlt-transient")
                            .setDeadLetterTopic("dlt-transient-dead"), ""));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> counter(cluster, "dlt-transient", "deadLetters.retried") >= 2);
            assertThat(broker.committedOffsets("dlt-transient").getOrDefault(new TopicPartition("dlt-transient-in", 0),
                    0L)).isLessThanOrEqualTo(Long.parseLong(POISON));
            createTopic(broker, "dlt-transient-dead", Map.of());
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> broker.committedOffsets("dlt-transient").equals(end));
            assertThat(counter(cluster, "dlt-transient", "deadLetters.sent")).isEqualTo(1);
            assertThat(counter(cluster, "dlt-transient", "deadLetters.dropped")).isZero();
            assertThat(cluster.getTopologyStats("dlt-transient").fatal()).isEmpty();
        }
        List<ConsumerRecord<String, String>> dead = KafkaTestSupport.readAll(broker, "dlt-transient-dead");
        assertThat(dead).extracting(ConsumerRecord::value).containsExactly(POISON);
    }

    @Test
    void aTransientFailureThatOutlastsTheRetryTimeoutIsHandledAsPermanent() throws Exception {
        createTopic(broker, "dlt-outlast-in", Map.of()); // and never its dead-letter topic
        KafkaTestSupport.produce(broker, "dlt-outlast-in", 0, RECORDS, 5);
        Map<TopicPartition, Long> end = broker.endOffsets("dlt-outlast-in");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("dlt-outlast", new Config(), topology(source(broker, "dlt-outlast-in", "dlt-outlast")
                    .setMaxUncommittedOffsets(10)
                    .setDeadLetterTopic("dlt-outlast-dead")
                    .setDeadLetterRetryTimeoutMs(3_000)
                    .setDeadLetterFailurePolicy(DeadLetterFailurePolicy.CONTINUE), ""));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> broker.committedOffsets("dlt-outlast").equals(end));
            assertThat(counter(cluster, "dlt-outlast", "deadLetters.retried")).isPositive();
            assertThat(counter(cluster, "dlt-outlast", "deadLetters.dropped")).isEqualTo(1);
        }
        assertThat(PoisonBolt.SEEN).hasSize(RECORDS - 1);
    }

    @Test
    void theErrorHeaderKeepsTheStartOfALongExceptionWithinItsSize() throws Exception {
        createTopic(broker, "dlt-long-in", Map.of());
        createTopic(broker, "dlt-long-dead", Map.of());
        KafkaTestSupport.produce(broker, "dlt-long-in", 0, RECORDS, 5);
        Map<TopicPartition, Long> end = broker.endOffsets("dlt-long-in");
        // Two-byte characters, so that a cut at the size limit would split one unless it takes care.
        String longText = "\u00e9".repeat(20_000);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("dlt-long", new Config(), topology(source(broker, "dlt-long-in", "dlt-long")
                    .setDeadLetterTopic("dlt-long-dead"), longText));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> broker.committedOffsets("dlt-long").equals(end));
        }
        List<ConsumerRecord<String, String>> dead = KafkaTestSupport.readAll(broker, "dlt-long-dead");
        assertThat(dead).hasSize(1);
        byte[] error = dead.get(0).headers().lastHeader("error").value();
        assertThat(error.length).isLessThanOrEqualTo(KafkaSpoutConfig.DEFAULT_DEAD_LETTER_ERROR_HEADER_MAX_BYTES)
                .isGreaterThan(KafkaSpoutConfig.DEFAULT_DEAD_LETTER_ERROR_HEADER_MAX_BYTES - 20);
        String text = new String(error, StandardCharsets.UTF_8);
        assertThat(text.getBytes(StandardCharsets.UTF_8)).as("whole UTF-8 characters").isEqualTo(error);
        assertThat(text).startsWith(IllegalStateException.class.getName() + ": poison record 20 \u00e9\u00e9\u00e9")
                .endsWith("...[truncated]");
    }

    @Test
    void aDeadLetterCarriesTheBytesOfTheRecordAsReadWhateverItsDeserializerMade() throws Exception {
        createTopic(broker, "dlt-bytes-in", Map.of());
        createTopic(broker, "dlt-bytes-dead", Map.of());
        byte[] poisonKey = {(byte) 0xC3, 0x28, 0x00, (byte) 0xFF}; // not UTF-8
        byte[] poisonValue = {(byte) 0x80, 0x00, (byte) 0xFE, 0x01, 0x7F};
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>("dlt-bytes-in", new byte[] {(byte) i}, new byte[] {1, (byte) i}));
            }
            ProducerRecord<byte[], byte[]> poison = new ProducerRecord<>("dlt-bytes-in", poisonKey, poisonValue);
            poison.headers().add("trace", new byte[] {9, 8, 7});
            producer.send(poison).get();
        }
        Map<TopicPartition, Long> end = broker.endOffsets("dlt-bytes-in");
        KafkaSpoutConfig.Builder<byte[], Reading> source = new KafkaSpoutConfig.Builder<byte[], Reading>(
                broker.bootstrapServers(), "dlt-bytes-in")
                .setProp(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class)
                .setProp(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ReadingDeserializer.class.getName())
                .setGroupId("dlt-bytes")
                .setOffsetCommitPeriodMs(200)
                .setRetry(new KafkaSpoutRetryExponentialBackoff(TimeInterval.milliSeconds(0),
                        TimeInterval.milliSeconds(5), 1, TimeInterval.milliSeconds(50)))
                .setRecordTranslator(r -> new Values(r.value().toString(), r.value()), new Fields("message", "reading"))
                .setDeadLetterTopic("dlt-bytes-dead");
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(source.build()), 1);
        b.setBolt("poison", new PoisonBolt(Arrays.toString(poisonValue), ""), 1).shuffleGrouping("kafka");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("dlt-bytes", new Config(), b.createTopology());
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> broker.committedOffsets("dlt-bytes").equals(end));
        }
        assertThat(PoisonBolt.SEEN).hasSize(10).contains("[1, 9]");
        List<ConsumerRecord<byte[], byte[]>> dead = readBytes(broker, "dlt-bytes-dead");
        assertThat(dead).hasSize(1);
        ConsumerRecord<byte[], byte[]> d = dead.get(0);
        assertThat(d.key()).isEqualTo(poisonKey);
        assertThat(d.value()).isEqualTo(poisonValue);
        Header trace = d.headers().lastHeader("trace");
        assertThat(trace).isNotNull();
        assertThat(trace.value()).isEqualTo(new byte[] {9, 8, 7});
    }

    private static KafkaSpoutConfig.Builder<String, String> source(EmbeddedKafkaBroker broker, String topic,
            String group) {
        return KafkaSpoutConfig.builder(broker.bootstrapServers(), topic)
                .setGroupId(group)
                .setOffsetCommitPeriodMs(200)
                // One retry: the poison record goes to the dead letters on its second failure.
                .setRetry(new KafkaSpoutRetryExponentialBackoff(TimeInterval.milliSeconds(0),
                        TimeInterval.milliSeconds(5), 1, TimeInterval.milliSeconds(50)))
                .setRecordTranslator(r -> new Values(r.value()), new Fields("message"));
    }

    private static StormTopology topology(KafkaSpoutConfig.Builder<String, String> source,
            String errorSuffix) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(source.build()), 1);
        b.setBolt("poison", new PoisonBolt(POISON, errorSuffix), 1).shuffleGrouping("kafka");
        return b.createTopology();
    }

    private static void createTopic(EmbeddedKafkaBroker broker, String name, Map<String, String> configs)
            throws Exception {
        broker.admin().createTopics(List.of(new NewTopic(name, 1, (short) 1).configs(configs))).all().get();
        broker.createTopic(name, 1); // exists: returns once its partition is open
    }

    private static long counter(LocalCluster cluster, String topology, String name) {
        long sum = 0;
        for (UserMetric m : cluster.getUserMetrics(topology)) {
            if (m.componentId().equals("kafka") && m.name().equals(name)) {
                sum += ((Counter) m.metric()).getCount();
            }
        }
        return sum;
    }

    private static List<ConsumerRecord<byte[], byte[]>> readBytes(EmbeddedKafkaBroker broker, String topic)
            throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        long end = broker.endOffsets(topic).get(tp);
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                c.poll(Duration.ofMillis(100)).forEach(out::add);
                return c.position(tp) >= end;
            });
        }
        return out;
    }

    /** What {@link ReadingDeserializer} makes of a value: not a String, not bytes. */
    static final class Reading {
        private final byte[] bytes;

        Reading(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public String toString() {
            return Arrays.toString(bytes);
        }
    }

    /** Values as {@link Reading}s. */
    public static final class ReadingDeserializer implements Deserializer<Reading> {
        @Override
        public Reading deserialize(String topic, byte[] data) {
            return data == null ? null : new Reading(data.clone());
        }
    }

    /** Acks every message but one, on which it throws every time (with {@code errorSuffix} in the message). */
    static final class PoisonBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        static final Set<String> SEEN = ConcurrentHashMap.newKeySet();
        private final String poison;
        private final String errorSuffix;
        private transient OutputCollector collector;

        PoisonBolt(String poison, String errorSuffix) {
            this.poison = poison;
            this.errorSuffix = errorSuffix;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            String message = input.getStringByField("message");
            if (message.equals(poison)) {
                throw new IllegalStateException("poison record " + message + " " + errorSuffix);
            }
            SEEN.add(message);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("message"));
        }
    }
}
