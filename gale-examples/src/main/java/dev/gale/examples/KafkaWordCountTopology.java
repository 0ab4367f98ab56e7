package dev.gale.examples;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.kafka.bolt.KafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.bolt.selector.DefaultTopicSelector;
import dev.gale.kafka.spout.EmptyKafkaTupleListener;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.kafka.spout.KafkaSpoutMessageId;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff.TimeInterval;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A reliable word count from topic to topic: {@link KafkaSpout} reads lines, a bolt splits them
 * into words, {@link KafkaBolt} writes each word keyed {@code <line>:<index>}.
 *
 * <pre>
 *   kafka (spout) --shuffle--> split --shuffle--> words (KafkaBolt)
 * </pre>
 *
 * <p>A line's key identifies it (the record key, else {@code <partition>@<offset>}). The split
 * bolt fails a fraction ({@value #FAIL_FRACTION}, default {@value #DEFAULT_FAIL_FRACTION}) of
 * the lines it sees for the first time, after emitting their words, so the spout retries them and
 * their words are written again: delivery is at-least-once, and a consumer counting words
 * de-duplicates by key. Every process running this topology with the same {@value #GROUP} shares
 * the input topic's partitions (one consumer-group member per spout task).
 *
 * <p>Configuration: {@value #BOOTSTRAP} (required), {@value #IN_TOPIC}, {@value #OUT_TOPIC},
 * {@value #GROUP}, {@value #DLT_TOPIC} (optional: where records that failed too often go),
 * {@value #COMMIT_PERIOD_MS}, and any {@code kafka.consumer.*} or {@code kafka.producer.*} key,
 * passed to the consumer or producer without its prefix.
 *
 * <p>Stateless apart from per-JVM counters ({@link #counters()}); thread-safe.
 */
public final class KafkaWordCountTopology {
    public static final String BOOTSTRAP = "kafka.bootstrap";
    public static final String IN_TOPIC = "kafka.in.topic";
    public static final String OUT_TOPIC = "kafka.out.topic";
    public static final String GROUP = "kafka.group";
    public static final String DLT_TOPIC = "kafka.dlt.topic";
    public static final String COMMIT_PERIOD_MS = "kafka.commit.period.ms";
    public static final String FAIL_FRACTION = "kafka.fail.fraction";
    public static final String SEED = "kafka.seed";
    public static final String CONSUMER_PREFIX = "kafka.consumer.";
    public static final String PRODUCER_PREFIX = "kafka.producer.";

    public static final String DEFAULT_IN_TOPIC = "gale-lines";
    public static final String DEFAULT_OUT_TOPIC = "gale-words";
    public static final String DEFAULT_GROUP = "gale-kafka-wordcount";
    public static final double DEFAULT_FAIL_FRACTION = 0.03;
    public static final long DEFAULT_SEED = 42;
    public static final long DEFAULT_COMMIT_PERIOD_MS = 500;
    /** Retries of a failed line before it goes to the dead-letter topic (or is given up on). */
    public static final int MAX_RETRIES = 10;

    // Per JVM: one process runs one instance of this topology (the demo's workers, 'gale run').
    private static final AtomicLong EMITTED = new AtomicLong();
    private static final AtomicLong ACKED = new AtomicLong();
    private static final AtomicLong RETRIES = new AtomicLong();
    private static final AtomicLong GAVE_UP = new AtomicLong();
    private static final AtomicLong PARTITIONS = new AtomicLong();

    private KafkaWordCountTopology() {
    }

    /** What this JVM's spout tasks did so far (lines emitted, acked, retried, given up on). */
    public record Counters(long emitted, long acked, long retries, long deadLetters, long partitions) {
    }

    public static Counters counters() {
        return new Counters(EMITTED.get(), ACKED.get(), RETRIES.get(), GAVE_UP.get(), PARTITIONS.get());
    }

    /**
     * The topology for {@code conf}.
     *
     * @throws IllegalArgumentException naming the key, when {@value #BOOTSTRAP} is missing or a value is invalid
     */
    public static StormTopology createTopology(Map<String, Object> conf) {
        String bootstrap = string(conf, BOOTSTRAP, null);
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new IllegalArgumentException(BOOTSTRAP + " is required: the Kafka brokers, e.g. --conf "
                    + BOOTSTRAP + "=localhost:9092");
        }
        double failFraction = number(conf, FAIL_FRACTION, DEFAULT_FAIL_FRACTION);
        if (!(failFraction >= 0 && failFraction < 1)) {
            throw new IllegalArgumentException(FAIL_FRACTION + " must be at least 0 and below 1, got " + failFraction);
        }
        long commitMs = (long) number(conf, COMMIT_PERIOD_MS, DEFAULT_COMMIT_PERIOD_MS);
        if (commitMs <= 0) {
            throw new IllegalArgumentException(COMMIT_PERIOD_MS + " must be positive, got " + commitMs);
        }

        KafkaSpoutConfig.Builder<String, String> spout = KafkaSpoutConfig
                .builder(bootstrap, string(conf, IN_TOPIC, DEFAULT_IN_TOPIC))
                .setGroupId(string(conf, GROUP, DEFAULT_GROUP))
                .setOffsetCommitPeriodMs(commitMs)
                .setRetry(new KafkaSpoutRetryExponentialBackoff(TimeInterval.milliSeconds(0),
                        TimeInterval.milliSeconds(10), MAX_RETRIES, TimeInterval.milliSeconds(200)))
                .setTupleListener(new CountingListener())
                .setRecordTranslator(r -> new Values(r.key() != null ? r.key() : r.partition() + "@" + r.offset(),
                        r.value()), new Fields("line_id", "line"));
        prefixed(conf, CONSUMER_PREFIX).forEach(spout::setProp);
        String dlt = string(conf, DLT_TOPIC, null);
        if (dlt != null && !dlt.isBlank()) {
            spout.setDeadLetterTopic(dlt);
        }

        Properties producer = new Properties();
        producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        producer.putAll(prefixed(conf, PRODUCER_PREFIX));

        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("kafka", new KafkaSpout<>(spout.build()), 2);
        builder.setBolt("split", new FlakySplit(failFraction, (long) number(conf, SEED, DEFAULT_SEED)), 2)
                .shuffleGrouping("kafka");
        builder.setBolt("words", new KafkaBolt<String, String>()
                .withProducerProperties(producer)
                .withTopicSelector(new DefaultTopicSelector(string(conf, OUT_TOPIC, DEFAULT_OUT_TOPIC)))
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("key", "word")), 2)
                .shuffleGrouping("split");
        return builder.createTopology();
    }

    /** The key of a word record: {@code <line id>:<index of the word in the line>}. */
    public static String wordKey(String lineId, int index) {
        return lineId + ":" + index;
    }

    /**
     * Emits (key, word) for each word of a line, anchored to it; then acks the line, except on
     * the first sight (in this task) of a line chosen by a seeded hash, which it fails, so the
     * spout retries it and its words are written twice.
     */
    public static class FlakySplit extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final int REMEMBERED = 100_000;
        private final double failFraction;
        private final long seed;
        private transient OutputCollector collector;
        private transient Map<String, Boolean> failedOnce;

        public FlakySplit(double failFraction, long seed) {
            this.failFraction = failFraction;
            this.seed = seed;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            // Only the failed lines are remembered, and only the latest ones: bounded memory.
            this.failedOnce = new LinkedHashMap<>(16, 0.75f, false) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            };
        }

        @Override
        public void execute(Tuple input) {
            String lineId = input.getString(0);
            String line = input.getString(1);
            List<String> words = ReliableWordCount.words(line == null ? "" : line);
            for (int i = 0; i < words.size(); i++) {
                collector.emit(input, new Values(wordKey(lineId, i), words.get(i)));
            }
            if (chosen(lineId) && failedOnce.put(lineId, Boolean.TRUE) == null) {
                collector.fail(input);
            } else {
                collector.ack(input);
            }
        }

        private boolean chosen(String lineId) {
            if (failFraction <= 0) {
                return false;
            }
            long h = (lineId.hashCode() ^ seed) * 0x9E3779B97F4A7C15L;
            return ((h >>> 11) * 0x1.0p-53) < failFraction;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("key", "word"));
        }
    }

    /** Counts the spout's emits, acks, retries and give-ups into this JVM's counters. */
    static final class CountingListener extends EmptyKafkaTupleListener {
        private static final long serialVersionUID = 1L;
        private transient int assigned;

        @Override
        public void onEmit(List<Object> tuple, KafkaSpoutMessageId msgId) {
            EMITTED.incrementAndGet();
        }

        @Override
        public void onAck(KafkaSpoutMessageId msgId) {
            ACKED.incrementAndGet();
        }

        @Override
        public void onRetry(KafkaSpoutMessageId msgId) {
            RETRIES.incrementAndGet();
        }

        @Override
        public void onMaxRetryReached(KafkaSpoutMessageId msgId) {
            GAVE_UP.incrementAndGet();
        }

        @Override
        public void onPartitionsReassigned(Collection<TopicPartition> partitions) {
            PARTITIONS.addAndGet(partitions.size() - assigned);
            assigned = partitions.size();
        }
    }

    private static Map<String, Object> prefixed(Map<String, Object> conf, String prefix) {
        Map<String, Object> out = new HashMap<>();
        conf.forEach((k, v) -> {
            if (k.startsWith(prefix) && k.length() > prefix.length()) {
                out.put(k.substring(prefix.length()), String.valueOf(v));
            }
        });
        return out;
    }

    private static String string(Map<String, Object> conf, String key, String dflt) {
        Object v = conf.get(key);
        return v == null ? dflt : v.toString().strip();
    }

    private static double number(Map<String, Object> conf, String key, double dflt) {
        Object v = conf.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(v.toString().strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
        }
    }

    /**
     * Runs the topology on a local cluster until killed. Arguments: {@code key=value}
     * configuration entries, e.g. {@code kafka.bootstrap=localhost:9092}.
     */
    public static void main(String[] args) throws Exception {
        Map<String, Object> settings = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + a + "'");
            }
            settings.put(a.substring(0, eq), a.substring(eq + 1));
        }
        Config conf = new Config(settings);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("kafka-wordcount", conf, createTopology(conf));
            while (!Thread.currentThread().isInterrupted()) {
                Utils.sleep(1_000);
                Counters c = counters();
                System.out.printf("lines emitted %d, acked %d, retried %d, given up %d%n", c.emitted(), c.acked(),
                        c.retries(), c.deadLetters());
            }
        }
    }
}
