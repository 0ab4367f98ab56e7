package dev.gale.benchmarks.kafka;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.kafka.bolt.KafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.bolt.selector.DefaultTopicSelector;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * One engine's side of the Kafka benchmark, in its own JVM, the same code on both engines (only
 * the imports differ): starts a LocalCluster and submits topic -> KafkaSpout (at-least-once) ->
 * split x2 -> count x2 (fields grouping) -> KafkaBolt (acks=all) -> topic, then runs until the
 * harness kills the process (no shutdown is waited for).
 *
 * <p>Usage: {@code KafkaWordCountRun <bootstrap> <inTopic> <outTopic> <groupId>}. A main class; the
 * engine owns every thread the topology runs on.
 */
public final class KafkaWordCountRun {
    /** Every topology setting the two engines share; the harness prints them with the table. */
    public static final int SPOUTS = 1;
    public static final int SPLITTERS = 2;
    public static final int COUNTERS = 2;
    public static final int SINKS = 1;
    public static final int MAX_SPOUT_PENDING = 1000;
    public static final String SINK_LINGER_MS = "1";

    private KafkaWordCountRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: KafkaWordCountRun <bootstrap> <inTopic> <outTopic> <groupId>");
            System.exit(2);
        }
        String bootstrap = args[0];
        KafkaSpoutConfig<String, String> spoutConfig = KafkaSpoutConfig.builder(bootstrap, args[1])
                .setGroupId(args[3])
                .setProcessingGuarantee(KafkaSpoutConfig.ProcessingGuarantee.AT_LEAST_ONCE)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                .setOffsetCommitPeriodMs(1_000)
                .setRecordTranslator(KafkaWordCountRun::valueOf, new Fields("value"))
                .build();

        Properties producer = new Properties();
        producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.ACKS_CONFIG, "all");
        producer.put(ProducerConfig.LINGER_MS_CONFIG, SINK_LINGER_MS);
        KafkaBolt<String, String> sink = new KafkaBolt<String, String>()
                .withProducerProperties(producer)
                .withTopicSelector(new DefaultTopicSelector(args[2]))
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("key", "message"));

        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka-in", new KafkaSpout<>(spoutConfig), SPOUTS);
        b.setBolt("split", new SplitWords(), SPLITTERS).shuffleGrouping("kafka-in");
        b.setBolt("count", new CountWords(), COUNTERS).fieldsGrouping("split", new Fields("word"));
        b.setBolt("kafka-out", sink, SINKS).shuffleGrouping("count");
        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.setNumAckers(1);
        conf.setMaxSpoutPending(MAX_SPOUT_PENDING);
        conf.setMessageTimeoutSecs(30);

        long t0 = System.nanoTime();
        LocalCluster cluster = new LocalCluster();
        long t1 = System.nanoTime();
        cluster.submitTopology("kafka-wordcount", conf, b.createTopology());
        long t2 = System.nanoTime();
        System.err.printf("progress: new LocalCluster() %.0f ms, submitTopology %.0f ms%n", (t1 - t0) / 1e6,
                (t2 - t1) / 1e6);
        Thread.sleep(Long.MAX_VALUE); // the harness ends this JVM
    }

    private static List<Object> valueOf(ConsumerRecord<String, String> record) {
        return new Values(record.value());
    }
}
