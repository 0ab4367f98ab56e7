package dev.gale.benchmarks.kstreams;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Kafka Streams' side of the Kafka benchmark, in its own JVM: the word count of
 * {@code dev.gale.benchmarks.kafka.KafkaWordCountRun} as a Kafka Streams user writes it. Input
 * topic -> split into (word, stamp) -> repartition on the word (the broker hop that takes the
 * place of the engines' fields grouping) -> count in a key-value store -> output topic, one record
 * per word, key = word, value = {@code "<count> <stamp>"}, partitioned by the word as the engines'
 * KafkaBolt does. Runs until the harness kills the process.
 *
 * <p>Usage: {@code KStreamsWordCountRun <bootstrap> <inTopic> <outTopic> <applicationId> <alo|eos>
 * <memory|rocksdb> <stateDir>}. A main class; Kafka Streams owns every thread the topology runs on.
 */
public final class KStreamsWordCountRun {
    /**
     * One stream thread per core: the topologies' two sub-topologies (split, count) have one task
     * per partition each, 4 tasks over 2 partitions, and the machine the benchmark is for has 2
     * cores; more threads than that would only take turns on them.
     */
    public static final int STREAM_THREADS = 2;
    /** The engines' KafkaBolt lingers 1 ms; Kafka Streams' own producer default would batch for longer. */
    public static final String PRODUCER_LINGER_MS = "1";
    static final String STORE = "counts";

    private KStreamsWordCountRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: KStreamsWordCountRun <bootstrap> <inTopic> <outTopic> <applicationId>"
                    + " <alo|eos> <memory|rocksdb> <stateDir>");
            System.exit(2);
        }
        Path stateDir = Path.of(args[6]);
        Files.createDirectories(stateDir);
        Properties config = config(args[0], args[3], guarantee(args[4]), stateDir);
        Topology topology = topology(args[1], args[2], store(args[5]));
        System.err.println("progress: " + topology.describe());

        long t0 = System.nanoTime();
        KafkaStreams streams = new KafkaStreams(topology, config);
        streams.setStateListener((now, before) -> {
            System.err.printf("progress: %s -> %s after %.0f ms%n", before, now, (System.nanoTime() - t0) / 1e6);
            if (now == KafkaStreams.State.ERROR) {
                System.exit(1); // the harness sees the child gone and reports the run as failed
            }
        });
        streams.start();
        Thread.sleep(Long.MAX_VALUE); // the harness ends this JVM
    }

    /** The settings a Kafka Streams user would give this job; every other one at its default. */
    static Properties config(String bootstrap, String applicationId, String guarantee, Path stateDir) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        // commit.interval.ms is left at its default for the guarantee: 100 ms for exactly_once_v2, 30 s
        // for at_least_once (at least once, outputs are sent as they are made, not held for the commit).
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, STREAM_THREADS);
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), PRODUCER_LINGER_MS);
        p.put(StreamsConfig.producerPrefix(ProducerConfig.ACKS_CONFIG), "all");
        return p;
    }

    static Topology topology(String inTopic, String outTopic, KeyValueBytesStoreSupplier store) {
        StoreBuilder<KeyValueStore<String, Long>> counts =
                Stores.keyValueStoreBuilder(store, Serdes.String(), Serdes.Long());
        StreamsBuilder b = new StreamsBuilder();
        b.addStateStore(counts);
        b.stream(inTopic, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap(new SplitWords())
                .repartition(Repartitioned.with(Serdes.String(), Serdes.String()).withName("words"))
                .processValues(CountWords::new, STORE)
                .to(outTopic, Produced.with(Serdes.String(), Serdes.String()));
        return b.build();
    }

    static String guarantee(String name) {
        return switch (name) {
            case "alo" -> StreamsConfig.AT_LEAST_ONCE;
            case "eos" -> StreamsConfig.EXACTLY_ONCE_V2;
            default -> throw new IllegalArgumentException("guarantee '" + name + "': alo or eos");
        };
    }

    /** In memory, or Kafka Streams' default persistent store (RocksDB); both with their changelog topic. */
    static KeyValueBytesStoreSupplier store(String name) {
        return switch (name) {
            case "memory" -> Stores.inMemoryKeyValueStore(STORE);
            case "rocksdb" -> Stores.persistentKeyValueStore(STORE);
            default -> throw new IllegalArgumentException("state '" + name + "': memory or rocksdb");
        };
    }
}
