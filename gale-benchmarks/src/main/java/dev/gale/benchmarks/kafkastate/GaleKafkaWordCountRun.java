package dev.gale.benchmarks.kafkastate;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.benchmarks.kafka.KafkaWordCountRun;
import dev.gale.benchmarks.kafka.SplitWords;
import dev.gale.kafka.bolt.KafkaBolt;
import dev.gale.kafka.bolt.TransactionalKafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.bolt.selector.DefaultTopicSelector;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Gale's side of the Kafka benchmark for every cell of its matrix, in its own JVM. At least once
 * with the counts in memory it runs {@link KafkaWordCountRun}, the very topology Storm runs; the
 * other cells swap in a {@link StatefulCountWords} on the topology's state provider (Gale's
 * in-memory one, or RocksDB under the run's state directory) and, exactly once, a KafkaSpout that
 * keeps its offsets in the checkpoints and a transactional sink. Runs until the harness kills the
 * process.
 *
 * <p>Usage: {@code GaleKafkaWordCountRun <bootstrap> <inTopic> <outTopic> <groupId> <alo|eos>
 * <memory|rocksdb> <stateDir>}. A main class; the engine owns every thread the topology runs on.
 */
public final class GaleKafkaWordCountRun {
    /**
     * At least once on a stateful count, acks wait for the checkpoint: Gale's default interval, since
     * outputs do not wait for it (as Kafka Streams' at-least-once commit interval holds back no output).
     */
    public static final int ALO_CHECKPOINT_MS = 1000;
    /** Exactly once, outputs become visible at the checkpoint: Kafka Streams' exactly-once commit interval. */
    public static final int EOS_CHECKPOINT_MS = 100;
    /**
     * With a stateful count a spout tuple stays pending until the checkpoint after it commits, so max
     * spout pending must cover a checkpoint interval's input or it, not the engine, sets the pace.
     */
    public static final int STATEFUL_MAX_SPOUT_PENDING = 100_000;

    private GaleKafkaWordCountRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: GaleKafkaWordCountRun <bootstrap> <inTopic> <outTopic> <groupId> <alo|eos>"
                    + " <memory|rocksdb> <stateDir>");
            System.exit(2);
        }
        boolean eos = switch (args[4]) {
            case "alo" -> false;
            case "eos" -> true;
            default -> throw new IllegalArgumentException("guarantee '" + args[4] + "': alo or eos");
        };
        boolean rocksdb = switch (args[5]) {
            case "memory" -> false;
            case "rocksdb" -> true;
            default -> throw new IllegalArgumentException("state '" + args[5] + "': memory or rocksdb");
        };
        if (!eos && !rocksdb) {
            KafkaWordCountRun.main(new String[] {args[0], args[1], args[2], args[3]});
            return;
        }
        String bootstrap = args[0];
        KafkaSpoutConfig<String, String> spoutConfig = KafkaSpoutConfig.builder(bootstrap, args[1])
                .setGroupId(args[3])
                .setProcessingGuarantee(KafkaSpoutConfig.ProcessingGuarantee.AT_LEAST_ONCE)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                .setOffsetCommitPeriodMs(1_000)
                .setOffsetsInCheckpoint(eos)
                .setRecordTranslator(r -> new Values(r.value()), new Fields("value"))
                .build();

        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka-in", new KafkaSpout<>(spoutConfig), KafkaWordCountRun.SPOUTS);
        b.setBolt("split", new SplitWords(), KafkaWordCountRun.SPLITTERS).shuffleGrouping("kafka-in");
        b.setBolt("count", new StatefulCountWords(), KafkaWordCountRun.COUNTERS)
                .fieldsGrouping("split", new Fields("word"));
        if (eos) {
            b.setBolt("kafka-out", transactionalSink(bootstrap, args[2], args[3]), KafkaWordCountRun.SINKS)
                    .shuffleGrouping("count");
        } else {
            b.setBolt("kafka-out", sink(bootstrap, args[2]), KafkaWordCountRun.SINKS).shuffleGrouping("count");
        }
        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.setNumAckers(1);
        conf.setMaxSpoutPending(STATEFUL_MAX_SPOUT_PENDING);
        conf.setMessageTimeoutSecs(30);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, eos ? EOS_CHECKPOINT_MS : ALO_CHECKPOINT_MS);
        if (rocksdb) {
            // sync=false: like Kafka Streams' stores, the database survives the process but is not
            // fsynced at every commit; the default (sync=true) would add an fsync per checkpoint step.
            conf.put(Config.TOPOLOGY_STATE_PROVIDER, "dev.gale.rocksdb.state.RocksDbKeyValueStateProvider");
            conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"path\": \""
                    + Path.of(args[6]).toAbsolutePath().toString().replace("\\", "\\\\") + "\", \"sync\": false}");
        }

        long t0 = System.nanoTime();
        LocalCluster cluster = new LocalCluster();
        long t1 = System.nanoTime();
        cluster.submitTopology("kafka-wordcount", conf, b.createTopology());
        long t2 = System.nanoTime();
        System.err.printf("progress: new LocalCluster() %.0f ms, submitTopology %.0f ms%n", (t1 - t0) / 1e6,
                (t2 - t1) / 1e6);
        Thread.sleep(Long.MAX_VALUE); // the harness ends this JVM
    }

    /** At least once: Gale's KafkaBolt, as in the shared topology. */
    private static KafkaBolt<String, String> sink(String bootstrap, String topic) {
        Properties producer = producer(bootstrap);
        producer.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaBolt<String, String>()
                .withProducerProperties(producer)
                .withTopicSelector(new DefaultTopicSelector(topic))
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("key", "message"));
    }

    /**
     * Exactly once: acks, idempotence and transactional.id are the bolt's; the prefix is the run's
     * own, so that no run fences or inherits another's transactions on the shared broker.
     */
    private static TransactionalKafkaBolt<String, String> transactionalSink(String bootstrap, String topic,
                                                                            String runId) {
        return new TransactionalKafkaBolt<String, String>()
                .withProducerProperties(producer(bootstrap))
                .withTopicSelector(topic)
                .withTransactionalIdPrefix(runId)
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("key", "message"));
    }

    private static Properties producer(String bootstrap) {
        Properties producer = new Properties();
        producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.LINGER_MS_CONFIG, KafkaWordCountRun.SINK_LINGER_MS);
        return producer;
    }
}
